/**
 * How long a rolling upgrade's migrations stop the site's writes on PostgreSQL:
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx scripts/migrations/measure-locks.ts [from] [enquiries]
 *
 * Migrates a new database up to `from` (default 0017-view-repeats, the schema of the release
 * before the lead lifecycle), fills it with `enquiries` (default 100,000; a tenth of them
 * `replied`, each with a lead and a message), then runs the rest of the migrations as the first
 * new instance does, one transaction each, while a probe inserts an enquiry and signs a staff
 * member in (reads the account, writes a session) every 50 ms on connections of its own.
 * Prints each migration's time and the probe's slowest wait, by the migration running then.
 */
import { randomUUID } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { listMigrations, MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { createPostgresDatabase } from '../../tests/support/postgres-database';

const PROBE_EVERY_MS = 50;

async function seed(db: Kysely<unknown>, enquiries: number): Promise<void> {
  await sql`
    insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
      select md5(n::text), now() - n * interval '1 minute', 'Client ' || n, 'client' || n || '@example.com',
             'Brand Strategy', 'We would like a new brand for our bakery, and a site to go with it.',
             '203.0.113.7', 'sent', 1,
             case when n % 10 = 0 then 'replied' when n % 3 = 0 then 'read' else 'new' end
      from generate_series(1, ${enquiries}) as n`.execute(db);
  await sql`
    insert into leads (enquiry_id, stage)
      select id, 'contacted' from enquiries where inbox_status = 'replied'`.execute(db);
  await sql`
    insert into lead_messages (id, enquiry_id, direction, message_id, "references", from_address, to_address, at, subject, text, state)
      select md5(id || 'm'), id, 'in', '<' || id || '@example.com>', '', email, 'studio@example.com',
             created_at, 'Re: your enquiry', 'Thanks!', 'received'
      from enquiries where inbox_status = 'replied'`.execute(db);
  await sql`
    insert into staff (id, email, email_key, password_hash, created_at)
      values ('staff-1', 'sam@studio.example', 'sam@studio.example', 'x', now())`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

type Wait = { at: number; ms: number; what: string };
type Probe = { stop(): Promise<Wait[]> };

/**
 * An enquiry and a sign-in every 50 ms, each on a connection of its own and one at a time, so
 * a wait is the database's (a lock), never a queue for a connection.
 */
function startProbe(url: string): Probe {
  const waits: Wait[] = [];
  let isStopped = false;
  const loop = async (what: string, work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (!isStopped) {
        const at = Date.now();
        await work(client);
        waits.push({ at, ms: Date.now() - at, what });
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, at + PROBE_EVERY_MS - Date.now())),
        );
      }
    } finally {
      await client.end();
    }
  };
  const enquiry = (client: pg.Client) =>
    client.query(
      `insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts)
         values ($1, now(), 'Probe', 'probe@example.com', 'Brand Strategy', 'Hello.', '203.0.113.8', 'pending', 0)`,
      [randomUUID()],
    );
  const signIn = async (client: pg.Client) => {
    await client.query(`select id, password_hash from staff where email_key = $1`, [
      'sam@studio.example',
    ]);
    await client.query(
      `insert into staff_sessions (id, token_hash, staff_id, created_at, last_seen_at)
         values ($1, $2, 'staff-1', now(), now())`,
      [randomUUID(), randomUUID()],
    );
  };
  const loops = Promise.all([loop('enquiry', enquiry), loop('sign-in', signIn)]);
  return {
    async stop() {
      isStopped = true;
      await loops;
      return waits;
    },
  };
}

async function main(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl === undefined) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');
  const from = process.argv[2] ?? '0017-view-repeats';
  // What kysely did before each migration committed on its own: all of them in one transaction.
  const isOneTransaction = process.env.AS_ONE_TRANSACTION === '1';
  const enquiries = Number(process.argv[3] ?? 100_000);
  const database = await createPostgresDatabase(adminUrl, 'ember_locks');
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
  });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(listMigrations('postgres')) },
    });
    const prepared = await migrator.migrateTo(from);
    if (prepared.error !== undefined)
      throw new Error(`Migrating to ${from} failed`, { cause: prepared.error });
    const seededAt = Date.now();
    await seed(db, enquiries);
    console.info(`${enquiries} enquiries at ${from} in ${Date.now() - seededAt} ms`);

    const probe = startProbe(database.url);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const spans: { name: string; start: number; end: number }[] = [];
    const names = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(from) + 1);
    for (const name of isOneTransaction ? names.slice(-1) : names) {
      const start = Date.now();
      const { error } = await migrator.migrateTo(name);
      if (error !== undefined) throw new Error(`Migration ${name} failed`, { cause: error });
      spans.push({ name, start, end: Date.now() });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const waits = await probe.stop();
    const total = (spans.at(-1)?.end ?? 0) - (spans[0]?.start ?? 0);
    console.info(`migrations ${spans[0]?.name} … ${spans.at(-1)?.name}: ${total} ms in all`);
    for (const span of spans) {
      const during = waits.filter((wait) => wait.at < span.end && wait.at + wait.ms > span.start);
      const slowest = during.reduce((worst, wait) => Math.max(worst, wait.ms), 0);
      console.info(`  ${span.name}: ${span.end - span.start} ms; slowest probe ${slowest} ms`);
    }
    for (const what of ['enquiry', 'sign-in']) {
      const mine = waits.filter((wait) => wait.what === what).map((wait) => wait.ms);
      console.info(
        `probe ${what}: ${mine.length} done, slowest ${Math.max(...mine)} ms, median ${mine.sort((a, b) => a - b)[Math.floor(mine.length / 2)]} ms`,
      );
    }
  } finally {
    await db.destroy();
    await database.drop();
  }
}

await main();
