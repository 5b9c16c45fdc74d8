import type pg from 'pg';

/**
 * Listens for lost PostgreSQL connections and logs each outage once. A dropped connection emits
 * 'error': on the pool while idle, on the client itself while a query holds it; unheard, either
 * would crash the process. When the database restarts every idle connection of the pool drops
 * at once, so one line per connection would say the same thing ten times: the first loss is
 * logged, then nothing until a new connection is made, which is logged as the way back.
 */
export function logPoolOutages(pool: pg.Pool, log: (message: string) => void): void {
  let isDown = false;
  const lost = (error: Error): void => {
    if (isDown) return;
    isDown = true;
    log(`PostgreSQL connection lost: ${error.message}`);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    if (!isDown) return;
    isDown = false;
    log('PostgreSQL connection made again');
  });
}
