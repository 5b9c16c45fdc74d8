import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/open-store';
import { runBuiltCli } from '../support/built-app';

/**
 * A sign-in attempt's email is stored as the client sent it: here one that sets the terminal's
 * title, clears the screen, and ends in a line break followed by a forged audit line.
 */
const FORGED_LINE = '2026-11-24T09:00:00.000Z  sign_in  boss@studio.example  203.0.113.1  password';
const HOSTILE_EMAIL = `\u001b]0;owned\u0007\u001b[2Jx@example.com\n${FORGED_LINE}`;
/** A user agent with an 8-bit CSI (colours the rest red), a line separator and a bidi override. */
const HOSTILE_AGENT = 'Mozilla/5.0 \u009b31m\u2028\u202eredlof';
const HOSTILE_NAME = 'Eve \u202eevE\u2066';

/** Anything a terminal would act on rather than show, apart from the output's own line breaks. */
function activeCharacters(text: string): string[] {
  return [...text].filter(
    (character) =>
      character !== '\n' &&
      /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(character),
  );
}

let dataDir: string;
let enquiryId: string;

function cli(...args: string[]) {
  return runBuiltCli(args, { PATH: process.env.PATH ?? '', DATA_DIR: dataDir });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-cli-hostile-'));
  const store = await openStore({ dataDir });
  try {
    const saved = await store.saveEnquiry({
      message: {
        name: HOSTILE_NAME,
        email: 'eve@example.com',
        service: 'Brand Strategy',
        message: 'First line\nsecond line \u001b[8m hidden',
      },
      isSpam: false,
      clientIp: '203.0.113.7',
      userAgent: HOSTILE_AGENT,
      idempotency: null,
    });
    if (saved.kind !== 'created') throw new Error('expected a new enquiry');
    enquiryId = saved.id;
    await store.auth.recordAudit({
      at: new Date('2026-11-24T08:00:00.000Z'),
      event: 'sign_in_failed',
      email: HOSTILE_EMAIL,
      ip: '198.51.100.4',
      detail: 'password',
    });
  } finally {
    await store.close();
  }
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the CLI printing text an attacker chose', () => {
  it('audit: one line per entry, the escapes shown and not run', async () => {
    const audit = await cli('audit');
    expect(audit.code).toBe(0);
    expect(activeCharacters(audit.stdout)).toEqual([]);
    const lines = audit.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      '2026-11-24T08:00:00.000Z  sign_in_failed  ' +
        `\\u001b]0;owned\\u0007\\u001b[2Jx@example.com\\u000a${FORGED_LINE}  198.51.100.4  password`,
    );
  });

  it('list, show and person: the same for the name and the user agent', async () => {
    const list = await cli('list');
    expect(activeCharacters(list.stdout)).toEqual([]);
    expect(list.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(list.stdout).toContain('Eve \\u202eevE\\u2066 <eve@example.com>');

    const show = await cli('show', enquiryId);
    expect(activeCharacters(show.stdout)).toEqual([]);
    expect(show.stdout).toContain('User agent:  Mozilla/5.0 \\u009b31m\\u2028\\u202eredlof\n');
    expect(show.stdout).toContain('\n\nFirst line\nsecond line \\u001b[8m hidden\n');

    const person = await cli('person', 'eve@example.com');
    expect(activeCharacters(person.stdout)).toEqual([]);
    const record = JSON.parse(person.stdout) as {
      enquiries: { name: string; userAgent: string }[];
    };
    // Shown safely, and still the stored text when read back as JSON.
    expect(record.enquiries[0]).toMatchObject({ name: HOSTILE_NAME, userAgent: HOSTILE_AGENT });
  });
});
