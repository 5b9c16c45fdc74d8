import { describe, expect, it } from 'vitest';
import { showControls, showControlsInJson, showControlsKeepingLines } from './visible-text';

describe('stored text as the CLI prints it', () => {
  it('writes terminal escapes, line breaks and direction marks as visible escapes', () => {
    expect(showControls('\u001b]0;pwned\u0007\u001b[2Jeve@example.com')).toBe(
      '\\u001b]0;pwned\\u0007\\u001b[2Jeve@example.com',
    );
    expect(showControls('a\r\n2026-01-01T00:00:00.000Z  sign_in  boss@studio.example')).toBe(
      'a\\u000d\\u000a2026-01-01T00:00:00.000Z  sign_in  boss@studio.example',
    );
    expect(showControls('\u009b31m\u007f\u202egnp.exe\u2028x')).toBe(
      '\\u009b31m\\u007f\\u202egnp.exe\\u2028x',
    );
  });

  it('leaves ordinary text, accents and emoji as they are', () => {
    const text = 'Zoë Ångström — café ☕ <zoe@example.com> Mozilla/5.0 (X11; Linux x86_64)';
    expect(showControls(text)).toBe(text);
  });

  it("keeps a message's own line breaks, and escapes everything else", () => {
    expect(showControlsKeepingLines('one\ntwo\r\n\u001b[31mthree')).toBe(
      'one\ntwo\\u000d\n\\u001b[31mthree',
    );
  });

  it('keeps JSON valid and equal to the stored value', () => {
    const value = { name: 'a\u009b31m\u2028b\u001bc', list: [1, 'é'] };
    const shown = showControlsInJson(JSON.stringify(value, null, 2));
    expect(
      [...shown].filter((character) => /\p{Cc}|\u2028/u.test(character) && character !== '\n'),
    ).toEqual([]);
    expect(JSON.parse(shown)).toEqual(value);
  });
});
