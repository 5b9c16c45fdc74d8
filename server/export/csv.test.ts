import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';

describe('a CSV cell that a spreadsheet would run as a formula', () => {
  it.each([
    ['an ASCII equals sign', '=HYPERLINK("http://evil.example")'],
    ['a full-width equals sign', '＝HYPERLINK("http://evil.example")'],
    ['a full-width plus sign', '＋1+cmd|" /C calc"!A0'],
    ['a full-width minus sign', '－1+1'],
    ['a full-width at sign', '＠SUM(A1:A9)'],
    ['a small equals sign', '﹦1+1'],
    ['a leading tab', '\t=1+1'],
    ['a leading carriage return', '\r=1+1'],
  ])('starts with an apostrophe when it begins with %s', (_what, value) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    expect(unquoted).toBe(`'${value}`);
  });

  it('keeps ordinary text, and signs inside it, as they are', () => {
    expect(csvCell('Ann Lee')).toBe('Ann Lee');
    expect(csvCell('1 + 1 = 2')).toBe('1 + 1 = 2');
    expect(csvCell('ａｎｎ＠example.com')).toBe('ａｎｎ＠example.com');
  });

  it('quotes a cell with a comma, a quote or a line break', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });
});
