import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import type { Store } from '../../server/store/store';
import { addresses, addSubscribers } from './helpers/letter-subscribers';
import { startLetterSink, type LetterSink } from './helpers/letter-sink';

const INSTANCE = path.resolve(import.meta.dirname, '../support/letter-sender-process.ts');
const CONFIRMED = 200;
/** The copy whose arrival kills the instance: the SMTP server has not yet answered it. */
const KILLED_AT = 60;

let dataDir = '';
let store: Store | null = null;
let sink: LetterSink | null = null;
const instances: ChildProcess[] = [];

afterEach(async () => {
  for (const instance of instances.splice(0)) {
    if (instance.exitCode === null && instance.signalCode === null) {
      instance.kill('SIGKILL');
      await once(instance, 'exit');
    }
  }
  await sink?.close();
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Marks the address as a delivery report or an abuse report would: never to be mailed again. */
function markUndeliverable(email: string, reason: 'bounced' | 'complained'): void {
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  database
    .prepare('update subscribers set undeliverable = ?, undeliverable_at = ? where email = ?')
    .run(reason, new Date().toISOString(), email);
  database.close();
}

/** Starts a sending instance on `dataDir`; resolves once it is ready. */
async function startInstance(smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE, dataDir, smtpUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  instances.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect.poll(() => output, { timeout: 30_000 }).toContain('ready\n');
  return child;
}

it('a letter killed mid-send and restarted reaches every confirmed subscriber and no undeliverable one, again only with the same Message-ID', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-letter-crash-'));
  store = await openSqliteStore({ dataDir });
  const confirmed = addresses('reader', CONFIRMED);
  await addSubscribers(store, confirmed);
  await addSubscribers(store, addresses('unconfirmed', 10), { confirmed: false });
  const [bouncedBefore = '', complainedAfter = ''] = addresses('undeliverable', 2);
  await addSubscribers(store, [bouncedBefore, complainedAfter]);
  markUndeliverable(bouncedBefore, 'bounced');
  const { id } = await store.letters.createDraft(
    { subject: 'Autumn at the studio', body: 'Three new books.' },
    'ana@emberandink.example',
    new Date(),
  );
  await store.letters.startSending(id, null, new Date());
  // A complaint arrives after the start: the copy was made, and is skipped, never sent.
  markUndeliverable(complainedAfter, 'complained');

  let first: ChildProcess | null = null;
  sink = await startLetterSink((copies) => {
    if (copies.length === KILLED_AT) first?.kill('SIGKILL');
  });
  first = await startInstance(sink.url);
  const [, signal] = (await once(first, 'exit')) as [number | null, string | null];
  expect(signal).toBe('SIGKILL');
  const atKill = await store.letters.readLetter(id);
  expect(atKill?.state).toBe('sending');
  expect(atKill?.counts.sent).toBeLessThan(KILLED_AT);

  await startInstance(sink.url);
  await expect
    .poll(async () => (await store?.letters.readLetter(id))?.state, { timeout: 60_000 })
    .toBe('sent');
  expect((await store.letters.readLetter(id))?.counts).toMatchObject({
    recipients: CONFIRMED + 1,
    sent: CONFIRMED,
    left: 0,
  });

  const idsByAddress = new Map<string, string[]>();
  for (const copy of sink.copies) {
    idsByAddress.set(copy.to, [...(idsByAddress.get(copy.to) ?? []), copy.messageId]);
  }
  expect([...idsByAddress.keys()].sort()).toEqual([...confirmed].sort());
  const again = [...idsByAddress.values()].filter((messageIds) => messageIds.length > 1);
  // The copy the kill interrupted went again; every second copy is the same message.
  expect(again.length).toBeGreaterThanOrEqual(1);
  for (const messageIds of again) expect(new Set(messageIds).size).toBe(1);
}, 120_000);
