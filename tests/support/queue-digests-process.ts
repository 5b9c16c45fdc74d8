/**
 * One more server instance, for racing another process over the same SQLite file: opens the
 * store in DATA_DIR (argv[2]), says "ready", and on "go" from stdin queues the morning digests
 * of the day in argv[3], then prints the owners it queued as JSON and exits.
 */
import { once } from 'node:events';
import { openSqliteStore } from '../../server/store/sqlite-store';

const [dataDir = '', day = ''] = process.argv.slice(2);
const store = await openSqliteStore({ dataDir });
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const owners = await store.leads.queueMorningDigests(
  { day, waitingBefore: new Date(Date.now() + 60_000) },
  new Date(),
);
await store.close();
process.stdout.write(`${JSON.stringify(owners)}\n`);
