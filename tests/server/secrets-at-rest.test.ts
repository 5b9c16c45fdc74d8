import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { backupSqlite } from '../../server/cli/sqlite-backup';
import { postJson, SITE_ORIGIN } from './helpers/api-client';
import { linkIn, postForm, sentTo, uniqueAddress } from './helpers/newsletter-mail';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** Every file under `dir`, at any depth. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files whose bytes hold any of `secrets`, as text or as they would sit in a page. */
async function filesHolding(files: string[], secrets: string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    if (secrets.some((secret) => bytes.includes(Buffer.from(secret)))) holding.push(file);
  }
  return holding;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('newsletter tokens at rest (sqlite)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite', databaseUrl: undefined });
  });
  afterAll(() => app.close());

  it('appear in no file under DATA_DIR, its WAL or a backup, before or after the links are used', async () => {
    const tokens: string[] = [];
    for (const prefix of ['kept', 'left']) {
      const email = uniqueAddress(prefix);
      expect((await postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, { email })).status).toBe(200);
      const mail = await app.smtp.waitFor(sentTo(email));
      const confirm = linkIn(mail, '/newsletter/confirm', app.url);
      const unsubscribe = linkIn(mail, '/newsletter/unsubscribe', app.url);
      tokens.push(tokenOf(confirm), tokenOf(unsubscribe));
      expect((await postForm(confirm, '', { origin: SITE_ORIGIN })).status).toBe(200);
      if (prefix === 'left') {
        expect((await postForm(unsubscribe, 'List-Unsubscribe=One-Click')).status).toBe(200);
      }
    }
    expect(tokens.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);

    const files = await filesUnder(app.config.dataDir);
    expect(files.some((file) => file.endsWith('.sqlite-wal'))).toBe(true);
    const backup = path.join(app.config.dataDir, '..', 'secrets-backup.sqlite');
    await backupSqlite(app.config.dataDir, backup);
    expect(await filesHolding([...files, backup], tokens)).toEqual([]);
  });
});
