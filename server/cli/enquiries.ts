import { open } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStudioFormat } from '../../common/studio-format';
import { buildAudienceReport } from '../audience/build-report';
import { reportToCsv } from '../audience/report-csv';
import { readReportRange } from '../audience/report-range';
import { ConfigError, readConfig, type Config } from '../config';
import { openSubscriberPages } from '../newsletter/subscriber-pages';
import { removeMailboxFiles } from '../privacy/mailbox-files';
import { PRIVATE_FILE_MODE, setPrivateUmask } from '../private-files';
import { openStore } from '../store/open-store';
import { StoreUnavailableError } from '../store/db/store-unavailable-error';
import type { DeliveryStatus } from '../store/enquiries/enquiry-types';
import type { Store } from '../store/store';
import { runAuditCommand, runStaffCommand, STAFF_HELP, type CommandResult } from './staff-commands';
import { BackupError, backupSqlite, restoreSqlite } from './sqlite-backup';
import { showControls, showControlsInJson } from './visible-text';
import { toExportChunks } from '../export/export-chunks';
import { enquiryExportShape } from '../export/enquiry-export-shape';
import { enquiryDetails, enquiryLine, toJson } from './format';
import { openEnquiryPages } from '../export/enquiry-pages';
import { SUBSCRIBER_EXPORT_SHAPE } from '../export/subscriber-export';
import { runSiteCommand, SITE_HELP } from './site-commands';

const HELP = `Usage: npm run enquiries -- <command> [options]

Commands:
  list [--status pending|sent|failed|spam] [--limit N]   newest enquiries first (default 50)
  show <id>                                              one enquiry in full
  export --format csv|json [--out file]                  every enquiry, with its lead: stage,
                                                         owner, follow-up, notes and email thread;
                                                         the source and campaign of its visit;
                                                         its booked call: state, start and end in
                                                         UTC and STUDIO_TIME_ZONE, name, email,
                                                         note, when booked
  resend <id>                                            queue a failed email again
  subscribers [--all] [--format csv|json] [--out file]   confirmed subscribers with their proof
                                                         of consent and unsubscribe link (csv);
                                                         --all adds held, pending and unsubscribed
  person <email>                                         everything held about an address, JSON
  forget <email>                                         delete every enquiry (with its notes,
                                                         email thread and attachments), booked
                                                         call, subscription, queued email and
                                                         mailbox file of an address, and what it
                                                         wrote in other threads; queue its calls'
                                                         events for deletion from the calendar;
                                                         replace it in the audit log by a random
                                                         label, and list what was removed
  audience --from YYYY-MM-DD --to YYYY-MM-DD [--format csv|json]
                                                         the Audience page's numbers for those
                                                         UTC days (both included), csv default
  backup <file>                                          copy the SQLite database, even while the
                                                         server runs; never overwrites a file
  restore <file>                                         put a backup in place in an empty DATA_DIR
${STAFF_HELP}
${SITE_HELP}
  help                                                   this text

Reads DATA_DIR (default ./data) or DATABASE_URL, like the server; links use SITE_URL, and
without it are printed as paths. It never builds or changes dist/.
`;

const COMMANDS = [
  'list',
  'show',
  'export',
  'resend',
  'subscribers',
  'person',
  'forget',
  'audience',
  'staff',
  'audit',
  'site',
  'backup',
  'restore',
];
/** Commands that work on the SQLite file itself, without opening (and migrating) the store. */
const FILE_COMMANDS = ['backup', 'restore'];
const POSTGRES_BACKUP =
  'DATABASE_URL is set: the enquiries are in PostgreSQL, which this command does not copy. ' +
  'Use pg_dump and pg_restore (README, "Backup and restore").';
const STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'failed', 'spam'];
const FORMATS = ['csv', 'json'] as const;
type Format = (typeof FORMATS)[number];

/**
 * The site's address where the operator set it: SITE_URL, read as the server reads it. Unset,
 * the config's default (localhost:3000) is only a guess at where the server runs, so links
 * are printed without an address and the CLI says why.
 */
function configuredSiteOrigin(config: Config): string | null {
  return (process.env.SITE_URL ?? '').trim() === '' ? null : config.siteOrigin;
}

/** A mistake in the command line: reported with the usage hint and exit code 2. */
class UsageError extends Error {}

type Options = {
  status?: string;
  limit?: string;
  format?: string;
  out?: string;
  all?: boolean;
  from?: string;
  to?: string;
  role?: string;
};

function parseStatus(value: string | undefined): DeliveryStatus | undefined {
  if (value === undefined) return undefined;
  const status = STATUSES.find((candidate) => candidate === value);
  if (status === undefined) throw new UsageError(`--status must be one of ${STATUSES.join(', ')}.`);
  return status;
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return 50;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > 100_000) {
    throw new UsageError('--limit must be a whole number from 1 to 100000.');
  }
  return limit;
}

function parseFormat(value: string | undefined, fallback?: Format): Format {
  const format = FORMATS.find((candidate) => candidate === (value ?? fallback));
  if (format === undefined) throw new UsageError('--format must be csv or json.');
  return format;
}

function onlyOptions(command: string, options: Options, allowed: (keyof Options)[]): void {
  const extra = Object.keys(options).find((name) => !allowed.some((key) => key === name));
  if (extra !== undefined) throw new UsageError(`"${command}" does not take --${extra}.`);
}

function single(command: string, positionals: string[], what = 'enquiry id'): string {
  const [id, ...rest] = positionals;
  if (id === undefined || rest.length > 0) throw new UsageError(`"${command}" needs one ${what}.`);
  return id;
}

function print(result: CommandResult): number {
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.code;
}

/** backup and restore: the SQLite file is copied with SQLite's own backup API. */
async function runFileCommand(
  command: string,
  positionals: string[],
  options: Options,
  config: { dataDir: string; databaseUrl: string | null },
): Promise<number> {
  onlyOptions(command, options, []);
  const file = path.resolve(single(command, positionals, 'file name'));
  if (config.databaseUrl !== null) {
    process.stderr.write(`${POSTGRES_BACKUP}\n`);
    return 1;
  }
  if (command === 'backup') {
    const { pages } = await backupSqlite(config.dataDir, file);
    process.stdout.write(`Backed up ${config.dataDir} to ${file} (${pages} pages).\n`);
  } else {
    await restoreSqlite(config.dataDir, file);
    process.stdout.write(`Restored ${file} into ${config.dataDir}; start the server there.\n`);
  }
  return 0;
}

function listIds(ids: string[]): string {
  return ids.length === 0 ? '' : ` (${ids.join(', ')})`;
}

/** Writes each chunk as it comes, to the file or to stdout, waiting for it to be taken. */
/** JSON chunks for the terminal, as `toJson` writes a whole document. */
async function* showControlsInChunks(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) yield showControlsInJson(chunk);
}

async function outputChunks(chunks: AsyncIterable<string>, out: string | undefined): Promise<void> {
  const file = out === undefined ? null : await open(out, 'w', PRIVATE_FILE_MODE);
  try {
    for await (const chunk of chunks) {
      if (file !== null) await file.write(chunk);
      else await new Promise<void>((resolve) => process.stdout.write(chunk, () => resolve()));
    }
  } finally {
    await file?.close();
  }
  if (out !== undefined) process.stderr.write(`Written to ${path.resolve(out)}\n`);
}

/** Runs one command; returns the exit code. */
async function run(
  { store, config }: { store: Store; config: Config },
  command: string,
  positionals: string[],
  options: Options,
) {
  switch (command) {
    case 'list': {
      onlyOptions(command, options, ['status', 'limit']);
      if (positionals.length > 0) throw new UsageError('"list" takes no arguments.');
      const enquiries = await store.listEnquiries({
        status: parseStatus(options.status),
        limit: parseLimit(options.limit),
      });
      process.stdout.write(
        enquiries.length === 0 ? 'No enquiries.\n' : `${enquiries.map(enquiryLine).join('\n')}\n`,
      );
      return 0;
    }
    case 'show': {
      onlyOptions(command, options, []);
      const id = single(command, positionals);
      const enquiry = await store.getEnquiry(id);
      if (enquiry === null) {
        process.stderr.write(`No enquiry with id ${id}.\n`);
        return 1;
      }
      process.stdout.write(enquiryDetails(enquiry));
      return 0;
    }
    case 'export': {
      onlyOptions(command, options, ['format', 'out', 'status']);
      if (positionals.length > 0) throw new UsageError('"export" takes no arguments.');
      if (options.format === undefined)
        throw new UsageError('"export" needs --format csv or --format json.');
      const format = parseFormat(options.format);
      const pages = await openEnquiryPages(store, parseStatus(options.status));
      const { timeZone } = config.studio;
      const { locale, currency } = await store.settings.readSettings();
      const threadFormat = createStudioFormat({ locale, currency, timeZone });
      const chunks = toExportChunks(pages, format, enquiryExportShape(timeZone, threadFormat));
      await outputChunks(format === 'json' ? showControlsInChunks(chunks) : chunks, options.out);
      return 0;
    }
    case 'resend': {
      onlyOptions(command, options, []);
      const id = single(command, positionals);
      if (await store.requeueEmail(id)) {
        process.stdout.write(
          `Enquiry ${id} is queued again; the running server sends it within seconds.\n`,
        );
        return 0;
      }
      const enquiry = await store.getEnquiry(id);
      process.stderr.write(
        enquiry === null
          ? `No enquiry with id ${id}.\n`
          : `Enquiry ${id} is ${enquiry.delivery.status}; only failed emails can be re-sent.\n`,
      );
      return 1;
    }
    case 'subscribers': {
      onlyOptions(command, options, ['format', 'out', 'all']);
      if (positionals.length > 0) throw new UsageError('"subscribers" takes no arguments.');
      const format = parseFormat(options.format, 'csv');
      const pages = await openSubscriberPages(store, {
        order: 'oldest',
        confirmedOnly: options.all !== true,
      });
      const chunks = toExportChunks(pages, format, SUBSCRIBER_EXPORT_SHAPE);
      await outputChunks(format === 'json' ? showControlsInChunks(chunks) : chunks, options.out);
      return 0;
    }
    case 'audience': {
      onlyOptions(command, options, ['from', 'to', 'format']);
      if (positionals.length > 0) throw new UsageError('"audience" takes no arguments.');
      const range = readReportRange(options.from, options.to);
      if (range === null) {
        throw new UsageError(
          '"audience" needs --from and --to as YYYY-MM-DD, in order, at most 366 days apart.',
        );
      }
      const format = parseFormat(options.format, 'csv');
      const report = await buildAudienceReport(
        {
          audience: store.audience,
          listPublishes: () => store.site.listSiteRevisions(100),
          letters: store.publishedLetters,
        },
        range.from,
        range.to,
      );
      process.stdout.write(format === 'csv' ? reportToCsv(report) : toJson(report));
      return 0;
    }
    case 'person': {
      onlyOptions(command, options, []);
      const email = single(command, positionals, 'email address');
      process.stdout.write(toJson(await store.describePerson(email)));
      return 0;
    }
    case 'forget': {
      onlyOptions(command, options, []);
      const email = single(command, positionals, 'email address');
      const removed = await store.forgetPerson(email);
      const files = await removeMailboxFiles(config.dataDir, { ...removed, address: email });
      process.stdout.write(
        [
          `Removed for ${showControls(email.trim().toLowerCase())}:`,
          `  enquiries:     ${removed.enquiryIds.length}${listIds(removed.enquiryIds)}`,
          `  subscriptions: ${removed.subscriberIds.length}${listIds(removed.subscriberIds)}`,
          `  booked calls:  ${removed.bookingIds.length}${listIds(removed.bookingIds)}`,
          `  calendar events queued for deletion: ${removed.calendarRemovals}`,
          `  queued emails: ${removed.outboxRows}`,
          `  answers in other threads: ${removed.otherThreadMessages}`,
          `  mailbox files: ${files.length}`,
          ...files.map((file) => `    ${file}`),
          `  audit log:     ${removed.auditEntries} line(s) now name ${removed.auditLabel} instead`,
          '',
        ].join('\n'),
      );
      return 0;
    }
    case 'staff':
      onlyOptions(command, options, ['role']);
      return print(
        await runStaffCommand(
          store,
          positionals,
          configuredSiteOrigin(config),
          new Date(),
          options.role,
        ),
      );
    case 'site':
      onlyOptions(command, options, []);
      return print(await runSiteCommand(store, positionals));
    case 'audit':
      onlyOptions(command, options, ['limit']);
      if (positionals.length > 0) throw new UsageError('"audit" takes no arguments.');
      return print(await runAuditCommand(store, parseLimit(options.limit)));
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        status: { type: 'string' },
        limit: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        all: { type: 'boolean' },
        from: { type: 'string' },
        to: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  const { help, ...options } = parsed.values;
  const [command, ...positionals] = parsed.positionals;
  if (help === true || command === undefined || command === 'help') {
    (command === undefined && help !== true ? process.stderr : process.stdout).write(HELP);
    return command === undefined && help !== true ? 2 : 0;
  }

  if (!COMMANDS.includes(command)) {
    process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
    return 2;
  }

  let store: Store | null = null;
  try {
    const config = readConfig(process.env);
    if (FILE_COMMANDS.includes(command)) {
      return await runFileCommand(command, positionals, options, config);
    }
    store = await openStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl ?? undefined,
    });
    return await run({ store, config }, command, positionals, options);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${HELP}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      return 1;
    }
    if (error instanceof StoreUnavailableError || error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await store?.close();
  }
}

setPrivateUmask();
process.exitCode = await main(process.argv.slice(2));
