import { describe, expect, it } from 'vitest';
import { MAX_FIELD_LENGTH } from './authentication-results';
import { isAligned, isSenderVerified, type HeaderLine } from './sender-verification';

const OURS = 'mx.emberandink.example';
const CLIENT = 'ann@example.com';

/** A message's header lines, top first, as mailparser lists them. */
function headers(...lines: string[]): HeaderLine[] {
  return lines.map((line) => ({ key: line.slice(0, line.indexOf(':')).toLowerCase(), line }));
}

/** Whether an answer from CLIENT with our server's `verdict` on top of `below` is verified. */
function isVerified(verdict: string | null, ...below: string[]): boolean {
  const top = verdict === null ? [] : [`Authentication-Results: ${verdict}`];
  return isSenderVerified({
    authservId: OURS,
    headerLines: headers(
      'Return-Path: <ann@example.com>',
      ...top,
      'Received: from mail.example.com by mx.emberandink.example',
      ...below,
      `From: Ann Lee <${CLIENT}>`,
    ),
    fromAddresses: [CLIENT],
  });
}

describe('whether an answer comes from its From address', () => {
  it('is verified when our server says DMARC passed for the From domain', () => {
    expect(isVerified(`${OURS}; dmarc=pass (p=reject) header.from=example.com`)).toBe(true);
    expect(isVerified(`${OURS.toUpperCase()}; DMARC=Pass header.from=EXAMPLE.com.`)).toBe(true);
  });

  it('is verified when DKIM or SPF passed for the From domain or a domain aligned with it', () => {
    expect(isVerified(`${OURS}; dkim=pass header.d=example.com header.s=s1`)).toBe(true);
    expect(isVerified(`${OURS}; dkim=pass header.i=@mail.example.com`)).toBe(true);
    expect(isVerified(`${OURS}; spf=pass smtp.mailfrom=bounce+ann=x@mail.example.com`)).toBe(true);
    expect(
      isVerified(`${OURS}; spf=fail smtp.mailfrom=example.com; dkim=pass header.d=example.com`),
    ).toBe(true);
  });

  it('is not verified when what passed is another domain, or only a fail', () => {
    expect(isVerified(`${OURS}; dmarc=pass header.from=attacker.example`)).toBe(false);
    expect(isVerified(`${OURS}; dmarc=pass`)).toBe(false);
    expect(isVerified(`${OURS}; dkim=pass header.d=attacker.example`)).toBe(false);
    expect(isVerified(`${OURS}; spf=pass smtp.mailfrom=ann@example.com.attacker.example`)).toBe(
      false,
    );
    expect(
      isVerified(`${OURS}; dmarc=fail header.from=example.com; dkim=fail header.d=example.com`),
    ).toBe(false);
    expect(isVerified(`${OURS}; spf=softfail smtp.mailfrom=example.com`)).toBe(false);
    expect(isVerified(`${OURS}; none`)).toBe(false);
  });

  it('is not verified without a header, or with another server’s pass on top', () => {
    expect(isVerified(null)).toBe(false);
    expect(isVerified('mx.attacker.example; dmarc=pass header.from=example.com')).toBe(false);
  });

  it('is not verified by a header with our name that the sender wrote below ours', () => {
    const forged = `Authentication-Results: ${OURS}; dmarc=pass header.from=example.com`;

    expect(isVerified(null, forged)).toBe(true); // with no header of our server's, the forgery is the first: see 0063
    expect(isVerified(`${OURS}; dmarc=fail header.from=example.com`, forged)).toBe(false);
    expect(isVerified('mx.other.example; spf=none', forged)).toBe(false);
  });

  it('is not verified when the studio names no server of its own', () => {
    expect(
      isSenderVerified({
        authservId: null,
        headerLines: headers(`Authentication-Results: ${OURS}; dmarc=pass header.from=example.com`),
        fromAddresses: [CLIENT],
      }),
    ).toBe(false);
  });

  it('is not verified when From names more than one address, or comes twice', () => {
    const verdict = `Authentication-Results: ${OURS}; dmarc=pass header.from=example.com`;
    const twoFields = headers(verdict, `From: ${CLIENT}`, 'From: ceo@attacker.example');
    const oneField = headers(verdict, `From: ${CLIENT}`);

    expect(
      isSenderVerified({ authservId: OURS, headerLines: twoFields, fromAddresses: [CLIENT] }),
    ).toBe(false);
    expect(
      isSenderVerified({
        authservId: OURS,
        headerLines: oneField,
        fromAddresses: [CLIENT, 'b@example.com'],
      }),
    ).toBe(false);
    expect(isSenderVerified({ authservId: OURS, headerLines: oneField, fromAddresses: [] })).toBe(
      false,
    );
  });

  it('is not verified by a header longer than is read, even one that passes', () => {
    const padded = `${OURS}; dmarc=pass header.from=example.com (${'x'.repeat(MAX_FIELD_LENGTH)})`;
    expect(isVerified(padded)).toBe(false);
  });
});

describe('alignment of a checked domain with the From domain', () => {
  it.each([
    ['example.com', 'example.com', true],
    ['mail.example.com', 'example.com', true],
    ['example.com', 'news.example.com', true],
    ['a.example.com', 'b.example.com', false],
    ['com', 'example.com', false],
    ['notexample.com', 'example.com', false],
    ['example.com.attacker.example', 'example.com', false],
    ['', 'example.com', false],
  ])('%s and %s: %s', (checked, from, expected) => {
    expect(isAligned(checked, from)).toBe(expected);
  });
});
