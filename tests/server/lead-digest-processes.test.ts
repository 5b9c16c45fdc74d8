import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/store/sqlite-store';
import type { Store } from '../../server/store/store';
import { newEnquiry } from './helpers/store-fixtures';

const ANA = 'ana@emberandink.example';
const INSTANCE = path.resolve(import.meta.dirname, '../support/queue-digests-process.ts');

/** Starts an instance on `dataDir`; resolves once it is ready, with a trigger for its round. */
async function startInstance(dataDir: string, day: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTANCE, dataDir, day], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  while (!output.includes('ready\n')) {
    if (child.exitCode !== null) throw new Error('the instance stopped before it was ready');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    async race(): Promise<string[]> {
      child.stdin.end('go\n');
      expect(await exited).toBe(0);
      return JSON.parse(output.replace('ready\n', '')) as string[];
    },
  };
}

let dataDir = '';
let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('two processes on one SQLite file racing for the same morning queue each digest once', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-digest-'));
  store = await openSqliteStore({ dataDir });
  await store.auth.createStaff(ANA, new Date());
  for (const name of ['ann', 'bea']) {
    const saved = await store.saveEnquiry(
      newEnquiry({ message: { ...newEnquiry().message, name, email: `${name}@example.com` } }),
    );
    if (saved.kind !== 'created') throw new Error('expected an enquiry');
    if (name === 'ann') await store.leads.changeLead(saved.id, { owner: ANA }, new Date());
  }
  const instances = await Promise.all([
    startInstance(dataDir, '2026-11-25'),
    startInstance(dataDir, '2026-11-25'),
  ]);
  const rounds = await Promise.all(instances.map((instance) => instance.race()));
  expect(rounds.flat().sort()).toEqual(['', ANA]);
  const digests = (await store.claimDueEmails(100, 60_000)).filter(
    (job) => job.kind === 'lead-digest',
  );
  expect(digests).toHaveLength(2);
});
