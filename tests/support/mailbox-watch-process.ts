/**
 * Another server instance watching the mailbox, in its own process so a test can kill it or
 * start it with its own environment (NODE_EXTRA_CA_CERTS). Reads its settings as JSON from
 * argv[2]: `{url, databaseUrl?, dataDir?, untilRead?}`. Prints each log line as JSON; with
 * `untilRead` it exits once the mailbox was read (or printed why not) instead of watching on.
 */
import { startMailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import { openPostgresStore } from '../../server/store/postgres-store';
import { openSqliteStore } from '../../server/store/sqlite-store';

type Settings = { url: string; databaseUrl?: string; dataDir?: string; untilRead?: boolean };
const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const store =
  settings.databaseUrl === undefined
    ? await openSqliteStore({ dataDir: settings.dataDir ?? '' })
    : await openPostgresStore({ connectionString: settings.databaseUrl });
const watch = startMailboxWatch({
  url: settings.url,
  allowPlainText: false,
  leads: store.leads,
  letterReports: store.letterReports,
  keys: { messageDomain: 'emberandink.example', tokenHashesIn: () => [] },
  log: (level, message, fields) => {
    process.stdout.write(`${JSON.stringify({ level, message, ...fields })}\n`);
  },
  pollIntervalMs: 200,
  takeOverIntervalMs: 200,
  lockCheckIntervalMs: 100,
  backoffMs: 100,
  maxBackoffMs: 400,
});
process.stdout.write(`${JSON.stringify({ message: 'started' })}\n`);
if (settings.untilRead === true) {
  const mailbox = new URL(settings.url);
  const label = `${mailbox.protocol}//${mailbox.host}/INBOX`;
  while ((await store.leads.readMailboxCursor(label)) === null && watch.readTrouble() === null) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const trouble = watch.readTrouble();
  process.stdout.write(
    `${JSON.stringify({ message: 'done', trouble: trouble?.reason ?? null })}\n`,
  );
  await watch.stop();
  await store.close();
}
