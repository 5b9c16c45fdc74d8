import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../../server/config';
import type { LetterState } from '../../../server/store/letters/letter-schema';
import { SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';

/** Runs one statement with `?` placeholders on the app's database, beside the app. */
export async function runSql(config: Config, text: string, params: unknown[]): Promise<unknown[]> {
  if (config.databaseUrl === null) {
    const database = new BetterSqlite3(path.join(config.dataDir, SQLITE_FILE_NAME));
    try {
      const statement = database.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    } finally {
      database.close();
    }
  }
  let index = 0;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<Record<string, unknown>>(
      text.replace(/\?/g, () => `$${(index += 1)}`),
      params,
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

export type LetterRow = {
  id: string;
  slug: string;
  subject: string;
  preview?: string;
  body: string;
  state: LetterState;
  sentAt?: string | null;
};

/** A letter written straight into the store, as the sending would leave it. */
export async function insertLetter(config: Config, letter: LetterRow): Promise<void> {
  const now = new Date().toISOString();
  await runSql(
    config,
    'insert into letters (id, slug, subject, preview, body, state, sent_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      letter.id,
      letter.slug,
      letter.subject,
      letter.preview ?? '',
      letter.body,
      letter.state,
      letter.sentAt ?? null,
      now,
      now,
    ],
  );
}
