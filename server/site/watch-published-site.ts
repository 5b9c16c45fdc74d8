import pg from 'pg';
import type { Log } from '../log';
import { SITE_PUBLISHED_CHANNEL } from '../store/site/publish-document';

/**
 * How often an instance compares the published revision with the one it serves, in case a
 * notification was lost (a connection that died silently): one indexed read of one row.
 */
export const RECONCILE_INTERVAL_MS = 1_000;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/**
 * A connection must stay up this long before the back-off starts again from its first pause: a
 * database (or a proxy, a firewall) that drops the connection soon after every reconnect would
 * otherwise be answered by a reconnection every FIRST_RETRY_MS, and a log line each time.
 */
export const STEADY_AFTER_MS = 30_000;

/**
 * The pause before reconnection attempt `retries` (0 for the first): doubling up to
 * LAST_RETRY_MS, of which a random half is dropped, so instances that lost the database
 * together do not come back in step ("equal jitter").
 */
export function reconnectDelay(retries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(FIRST_RETRY_MS * 2 ** retries, LAST_RETRY_MS);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type PublishedSiteWatch = { stop(): Promise<void> };

/**
 * Keeps this instance's page in step with publishes made on any instance sharing the
 * PostgreSQL database: a dedicated connection LISTENs on the publish channel; a lost connection
 * is reopened with growing, jittered pauses that start over only once a connection has stayed
 * up STEADY_AFTER_MS, and every (re)connection checks at once for what it missed;
 * a reconcile timer checks too, so a notification that never arrives costs at most one
 * interval. `check` is LiveSite.showPublished, which does nothing when the page is current.
 */
export function watchPublishedSite(options: {
  databaseUrl: string;
  check: () => Promise<void>;
  log: Log;
  reconcileIntervalMs?: number;
}): PublishedSiteWatch {
  const { log } = options;
  let client: pg.Client | null = null;
  let isStopped = false;
  let retries = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let steadyTimer: NodeJS.Timeout | undefined;
  let isFailing = false;
  let checking: Promise<void> = Promise.resolve();

  const check = (): void => {
    if (isStopped) return;
    checking = options.check().then(
      () => {
        isFailing = false;
      },
      (error: unknown) => {
        // Once per outage, not once per interval.
        if (!isFailing) {
          log('warn', 'could not check the published site', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
        isFailing = true;
      },
    );
  };

  const scheduleReconnect = (): void => {
    if (isStopped || retryTimer !== undefined) return;
    const delay = reconnectDelay(retries);
    retries += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const onLost = (connection: pg.Client) => (error?: Error) => {
    if (client !== connection) return;
    client = null;
    clearTimeout(steadyTimer);
    connection.end().catch(() => undefined);
    if (isStopped) return;
    // Once per outage: the attempts that fail while the database is away, and connections that
    // drop again before they were steady, say nothing more.
    if (retries === 0) {
      log('warn', 'lost the publish notifications; reconnecting', {
        error: error?.message ?? 'connection ended',
      });
    }
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    const connection = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client = connection;
    const lost = onLost(connection);
    connection.on('error', lost);
    connection.on('end', lost);
    connection.on('notification', (message) => {
      if (message.channel === SITE_PUBLISHED_CHANNEL) check();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${SITE_PUBLISHED_CHANNEL}`);
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (isStopped) {
      await connection.end().catch(() => undefined);
      return;
    }
    if (retries > 0) {
      // The outage is over once this connection has lasted; until then a drop goes on backing off.
      steadyTimer = setTimeout(() => {
        log('info', 'listening for publishes again', { attempts: retries });
        retries = 0;
      }, STEADY_AFTER_MS);
      steadyTimer.unref();
    }
    // Whatever was published while no one listened.
    check();
  }

  void connect();
  const reconcile = setInterval(check, options.reconcileIntervalMs ?? RECONCILE_INTERVAL_MS);
  reconcile.unref();

  return {
    async stop() {
      isStopped = true;
      clearInterval(reconcile);
      clearTimeout(retryTimer);
      clearTimeout(steadyTimer);
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
      // The store closes after this: no check may still be reading it.
      await checking;
    },
  };
}
