import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from '../support/built-app';

let dataDir: string;

/** The compiled CLI, as a production install runs it (`node dist/app/enquiries.js`). */
function cli(...args: string[]) {
  return runBuiltCli(args, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SITE_URL: 'https://emberandink.example',
  });
}

describe('npm run enquiries -- staff / audit', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ember-staff-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('adds, lists, resets and removes staff, and the audit log shows each change', async () => {
    const added = await cli('staff', 'add', 'you@studio.example');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(
      /https:\/\/emberandink\.example\/studio\/welcome#token=[A-Za-z0-9_-]{43}\n$/,
    );

    const again = await cli('staff', 'add', 'YOU@studio.example');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already on the staff');

    const listed = await cli('staff', 'list');
    expect(listed.stdout).toContain('you@studio.example  owner  no password yet  0 passkey(s)');

    const reset = await cli('staff', 'reset', 'you@studio.example');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('/studio/welcome#token=');
    expect(reset.stdout).not.toContain(/#token=(\S+)/.exec(added.stdout)?.[1] ?? '-');

    const member = await cli('staff', 'add', 'them@studio.example', '--role', 'member');
    expect(member.stdout).toContain('them@studio.example added as a member.');
    const lastOwner = await cli('staff', 'remove', 'you@studio.example');
    expect(lastOwner.code).toBe(1);
    expect(lastOwner.stderr).toContain('the last owner');
    expect((await cli('staff', 'remove', 'them@studio.example')).code).toBe(0);
    expect((await cli('staff', 'remove', 'them@studio.example')).code).toBe(1);
    expect((await cli('staff', 'list')).stdout).toContain('you@studio.example  owner');

    const audit = await cli('audit');
    expect(audit.code).toBe(0);
    const events = audit.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('  ')[1]);
    expect(events).toEqual(['staff_removed', 'staff_added', 'staff_reset', 'staff_added']);
  });

  it('refuses a malformed address and anything that looks like a password argument', async () => {
    expect((await cli('staff', 'add', 'not-an-address')).code).toBe(2);
    expect((await cli('staff', 'add', 'a@studio.example', 'hunter2hunter2')).code).toBe(2);
    expect((await cli('staff', 'add', '--password', 'hunter2hunter2')).code).toBe(2);
    expect((await cli('staff')).code).toBe(2);
  });
});
