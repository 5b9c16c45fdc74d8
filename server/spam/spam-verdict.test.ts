import { describe, expect, it } from 'vitest';
import type { ChallengeCheck } from './challenges';
import { MIN_FILL_MS } from '../../common/challenge';
import { isMostlyLinks, judgeSubmission } from './spam-verdict';

const NOW = 1_800_000_000_000;
const solvedAgo = (ms: number): ChallengeCheck => ({ state: 'solved', issuedAt: NOW - ms });
const judge = (overrides: Partial<Parameters<typeof judgeSubmission>[0]>) =>
  judgeSubmission({
    challenge: solvedAgo(60_000),
    honeypot: '',
    message: 'We need a new identity for our bakery, launching in spring.',
    minFillMs: MIN_FILL_MS.contact,
    now: NOW,
    ...overrides,
  });

describe('judgeSubmission', () => {
  it('lets a solved, unhurried submission with an empty honeypot through', () => {
    expect(judge({})).toEqual({ isSpam: false, reasons: [] });
  });

  it('sends every unsolved submission to spam, naming why', () => {
    const states = ['missing', 'invalid', 'expired', 'replayed'] as const;
    const reasons = states.map((state) => judge({ challenge: { state, issuedAt: null } }).reasons);
    expect(reasons).toEqual([
      ['no-solution'],
      ['invalid-solution'],
      ['expired-solution'],
      ['replayed-solution'],
    ]);
  });

  it('calls a submission faster than a person types spam, at the threshold exactly not', () => {
    expect(judge({ challenge: solvedAgo(MIN_FILL_MS.contact - 1) }).reasons).toEqual(['too-fast']);
    expect(judge({ challenge: solvedAgo(MIN_FILL_MS.contact) }).isSpam).toBe(false);
    expect(
      judge({ challenge: solvedAgo(1_500), minFillMs: MIN_FILL_MS.newsletter, message: undefined })
        .isSpam,
    ).toBe(false);
  });

  it('calls a filled honeypot spam, whitespace alone not', () => {
    expect(judge({ honeypot: 'https://spam.example' }).reasons).toEqual(['honeypot']);
    expect(judge({ honeypot: '  ' }).isSpam).toBe(false);
  });

  it('lists every signal that fired', () => {
    const verdict = judge({
      challenge: { state: 'missing', issuedAt: null },
      honeypot: 'x',
      message: 'https://a.example/buy https://b.example/now',
    });
    expect(verdict.reasons).toEqual(['no-solution', 'honeypot', 'mostly-links']);
  });
});

describe('isMostlyLinks', () => {
  it('passes a brief that names a few reference sites', () => {
    expect(
      isMostlyLinks(
        'We like the calm of https://calm.example and www.quiet.example; could our site feel like that, with our own colours and a booking page?',
      ),
    ).toBe(false);
    expect(isMostlyLinks('No links at all.')).toBe(false);
    expect(isMostlyLinks('   ')).toBe(false);
  });

  it('catches a list of links with a word or two around them', () => {
    expect(isMostlyLinks('Cheap: https://a.example/x https://b.example/y www.c.example/z')).toBe(
      true,
    );
    expect(isMostlyLinks('http://only.example/link')).toBe(true);
  });
});
