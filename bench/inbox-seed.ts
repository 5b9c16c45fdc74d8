import { randomUUID } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { CONTACT_SERVICES } from '../common/contact';
import type { InboxStatus } from '../common/studio-inbox';
import { SQLITE_FILE_NAME } from '../server/store/sqlite-store';

/** A few rows carry these, so the bench can search for something rare and something common. */
export const RARE_SURNAME = 'Quillfeather';
export const COMMON_DOMAIN = 'northwind';

const FIRST = ['Ann', 'Marta', 'Kenji', 'Zoë', 'Omar', 'Priya', 'Lucas', 'Ines', 'Tomás', 'Mei'];
const LAST = ['Lee', 'Okafor', 'Yamada', 'Schmidt', 'Haddad', 'Rossi', 'Novak', 'Silva', 'Kim'];
const WORDS = (
  'brand logo refresh packaging bakery coffee launch spring website landing page deck pitch ' +
  'investors social media campaign print poster label bottle wine craft beer studio identity ' +
  'colour palette typography illustration budget timeline deadline quote meeting call next ' +
  'week month quarter startup shop restaurant menu signage van wrap merch tote event festival ' +
  'wedding invitation letterpress foil emboss recycled paper sustainable vegan organic skincare'
).split(' ');
const STATUSES: [InboxStatus, number][] = [
  ['archived', 0.6],
  ['read', 0.25],
  ['new', 0.05],
  ['spam', 0.1],
];

export type SeedRow = {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  service: string;
  message: string;
  inboxStatus: InboxStatus;
};

/** A small deterministic PRNG (mulberry32), so every run searches the same inbox. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from');
  return item;
}

function pickStatus(random: () => number): InboxStatus {
  let roll = random();
  for (const [status, share] of STATUSES) {
    roll -= share;
    if (roll < 0) return status;
  }
  return 'archived';
}

/**
 * `count` enquiries over three years, oldest first: messages of 20–80 words, a tenth of the
 * vocabulary invented (three-letter syllables) so the index has a long tail like real text.
 */
export function* generateEnquiries(count: number): Generator<SeedRow> {
  const random = createRandom(20261123);
  const start = Date.parse('2023-11-23T00:00:00.000Z');
  const step = (3 * 365 * 24 * 3_600_000) / count;
  const syllables = ['ka', 'lo', 'mi', 'ren', 'sa', 'tu', 'vo', 'zen', 'pa', 'qui'];
  for (let index = 0; index < count; index += 1) {
    const first = pick(FIRST, random);
    const last = index % 20_000 === 7 ? RARE_SURNAME : pick(LAST, random);
    const domain = index % 100 === 0 ? COMMON_DOMAIN : `company${Math.floor(random() * 5000)}`;
    const length = 20 + Math.floor(random() * 60);
    const words = Array.from({ length }, () =>
      random() < 0.1
        ? `${pick(syllables, random)}${pick(syllables, random)}${pick(syllables, random)}`
        : pick(WORDS, random),
    );
    yield {
      id: randomUUID(),
      createdAt: new Date(start + index * step).toISOString(),
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${domain}.example`,
      service: pick(CONTACT_SERVICES, random),
      message: `${words.join(' ')}.`,
      // The rare ones wait in the inbox, where a search without a folder looks.
      inboxStatus: last === RARE_SURNAME ? 'new' : pickStatus(random),
    };
  }
}

const COLUMNS =
  'id, created_at, name, email, service, message, client_ip, status, inbox_status, attempts, sent_at';

/** Writes into a migrated SQLite file in one transaction; the triggers fill the search index. */
export function seedSqlite(dataDir: string, count: number): void {
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  try {
    database.pragma('synchronous = OFF');
    const insert = database.prepare(
      `insert into enquiries (${COLUMNS}) values (?, ?, ?, ?, ?, ?, '203.0.113.7', ?, ?, 1, ?)`,
    );
    database.transaction(() => {
      for (const row of generateEnquiries(count)) {
        const isSpam = row.inboxStatus === 'spam';
        insert.run(
          row.id,
          row.createdAt,
          row.name,
          row.email,
          row.service,
          row.message,
          isSpam ? 'spam' : 'sent',
          row.inboxStatus,
          isSpam ? null : row.createdAt,
        );
      }
    })();
  } finally {
    database.close();
  }
}

/** Writes into a migrated PostgreSQL database in batches, then lets the planner see the data. */
export async function seedPostgres(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let batch: SeedRow[] = [];
    const flush = async () => {
      const column = <K extends keyof SeedRow>(key: K) => batch.map((row) => row[key]);
      await client.query(
        `insert into enquiries (${COLUMNS})
         select id, created_at, name, email, service, message, '203.0.113.7',
                case when inbox_status = 'spam' then 'spam' else 'sent' end, inbox_status, 1,
                case when inbox_status = 'spam' then null else created_at end
         from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           as t(id, created_at, name, email, service, message, inbox_status)`,
        [
          column('id'),
          column('createdAt'),
          column('name'),
          column('email'),
          column('service'),
          column('message'),
          column('inboxStatus'),
        ],
      );
      batch = [];
    };
    for (const row of generateEnquiries(count)) {
      batch.push(row);
      if (batch.length === 5_000) await flush();
    }
    if (batch.length > 0) await flush();
    await client.query('vacuum analyze enquiries');
  } finally {
    await client.end();
  }
}
