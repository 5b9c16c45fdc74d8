import { describe, expect, it } from 'vitest';
import { MAX_FIELD_LENGTH, parseAuthenticationResults } from './authentication-results';

/** The results as plain data: method, result and properties, in order. */
function read(field: string) {
  const parsed = parseAuthenticationResults(field);
  return parsed === null
    ? null
    : {
        authservId: parsed.authservId,
        results: parsed.results.map(({ method, result, properties }) => ({
          method,
          result,
          properties: Object.fromEntries(properties),
        })),
      };
}

describe('reading an Authentication-Results field', () => {
  it('reads what a large mail provider writes, folded over lines, with comments', () => {
    const field = [
      ' mx.emberandink.example;',
      '       dkim=pass header.i=@example.com header.s=s1 header.b=Ab+C/d=;',
      '       spf=pass (mx.emberandink.example: domain of bounce+x=y@mail.example.com designates',
      '        192.0.2.1 as permitted sender) smtp.mailfrom="bounce+x=y@mail.example.com";',
      '       dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=example.com',
    ].join('\r\n');

    expect(read(field)).toEqual({
      authservId: 'mx.emberandink.example',
      results: [
        {
          method: 'dkim',
          result: 'pass',
          properties: { 'header.i': '@example.com', 'header.s': 's1', 'header.b': 'Ab+C/d=' },
        },
        {
          method: 'spf',
          result: 'pass',
          properties: { 'smtp.mailfrom': 'bounce+x=y@mail.example.com' },
        },
        { method: 'dmarc', result: 'pass', properties: { 'header.from': 'example.com' } },
      ],
    });
  });

  it('takes a version after the server, method versions, and any case', () => {
    expect(read('MX.Example 1; DKIM/1=PASS Header.D=Example.com')).toEqual({
      authservId: 'MX.Example',
      results: [{ method: 'dkim', result: 'pass', properties: { 'header.d': 'Example.com' } }],
    });
  });

  it('reads comments anywhere, nested and escaped, and quoted strings with separators inside', () => {
    const field =
      '(first (nested) \\) still) "mx.example" (x); dkim (why) = (so) pass reason="a; b (c) \\"d\\"" header.d=(the domain)example.com';

    expect(read(field)).toEqual({
      authservId: 'mx.example',
      results: [
        {
          method: 'dkim',
          result: 'pass',
          properties: { reason: 'a; b (c) "d"', 'header.d': 'example.com' },
        },
      ],
    });
  });

  it('reads "none" as no results, and skips empty results and a trailing semicolon', () => {
    expect(read('mx.example; none')).toEqual({ authservId: 'mx.example', results: [] });
    expect(read('mx.example; spf=fail smtp.mailfrom=a.example;; ')?.results).toHaveLength(1);
  });

  it('keeps the first of a property given twice', () => {
    expect(read('mx.example; dkim=pass header.d=a.example header.d=b.example')?.results).toEqual([
      { method: 'dkim', result: 'pass', properties: { 'header.d': 'a.example' } },
    ]);
  });

  it.each([
    ['an empty field', ''],
    ['no server', '; dkim=pass header.d=example.com'],
    ['an unclosed comment', 'mx.example; dkim=pass (header.d=example.com'],
    ['an unclosed quoted string', 'mx.example; dkim=pass reason="header.d=example.com'],
    ['a method without a result', 'mx.example; dkim header.d=example.com'],
    ['an empty result', 'mx.example; dkim= ; spf=pass'],
    ['a property without a value', 'mx.example; dkim=pass header.d'],
    ['a version that is no number', 'mx.example v1; dkim=pass'],
    ['words after none', 'mx.example; none dkim=pass'],
  ])('believes nothing of %s', (_, field) => {
    expect(parseAuthenticationResults(field)).toBeNull();
  });

  it('refuses a field longer than it reads, and reads a long one up to that in one pass', () => {
    const pass = 'mx.example; dmarc=pass header.from=example.com';
    const padding = (length: number) => ` (${'x'.repeat(length)})`;
    const longest = pass + padding(MAX_FIELD_LENGTH - pass.length - 3);

    expect(longest).toHaveLength(MAX_FIELD_LENGTH);
    expect(read(longest)?.results).toHaveLength(1);
    expect(parseAuthenticationResults(`${longest} `)).toBeNull();
    // Unbalanced nesting as deep as the field allows is read to its end, then refused.
    expect(
      parseAuthenticationResults(`mx.example; ${'('.repeat(MAX_FIELD_LENGTH - 12)}`),
    ).toBeNull();
  });

  it('refuses more results than a server writes', () => {
    const many = Array.from({ length: 33 }, () => 'spf=none').join('; ');
    expect(parseAuthenticationResults(`mx.example; ${many}`)).toBeNull();
  });
});
