import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createChallenges, issueChallenge, type SpentChallenges } from './challenges';

const SECRET = 'a'.repeat(64);

type Decoded = {
  challenge: { parameters: { data: { issuedAt: number } } };
  solution: { counter: number };
};

const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64').toString()) as Decoded;

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The store's side, as a set: what a claim was asked to keep, and until when. */
function spentInMemory(): SpentChallenges & { kept: Map<string, number> } {
  const kept = new Map<string, number>();
  return {
    kept,
    claimChallenge(nonce, expiresAt) {
      if (kept.has(nonce)) return Promise.resolve(false);
      kept.set(nonce, expiresAt.getTime());
      return Promise.resolve(true);
    },
  };
}

describe('challenges', () => {
  it('accepts a solution once, keeps it spent until it expires, and says when it was issued', async () => {
    let now = 1_800_000_000_000;
    const spent = spentInMemory();
    const challenges = createChallenges({ secret: SECRET, now: () => now, spent });
    const payload = await solve(await challenges.issue());
    now += 5_000;
    expect(await challenges.check(payload)).toEqual({
      state: 'solved',
      issuedAt: 1_800_000_000_000,
    });
    expect([...spent.kept.values()]).toEqual([1_800_000_000_000 + 10 * 60_000]);
    expect(await challenges.check(payload)).toEqual({ state: 'replayed', issuedAt: null });
  });

  it('verifies without spending: the nonce and its expiry come back for the caller to spend', async () => {
    const now = 1_800_000_000_000;
    const spent = spentInMemory();
    const challenges = createChallenges({ secret: SECRET, now: () => now, spent });
    const challenge = await challenges.issue();
    const payload = await solve(challenge);
    const verified = {
      state: 'solved',
      issuedAt: now,
      claim: { nonce: challenge.parameters.nonce, expiresAt: new Date(now + 10 * 60_000) },
    };
    expect(await challenges.verify(payload)).toEqual(verified);
    expect(await challenges.verify(payload)).toEqual(verified);
    expect(spent.kept.size).toBe(0);
    expect((await challenges.verify(undefined)).state).toBe('missing');
    expect(await challenges.check(payload)).toEqual({ state: 'solved', issuedAt: now });
  });

  it('refuses a missing, garbled, forged, wrong or expired solution, and spends none of them', async () => {
    let now = Date.now();
    const spent = spentInMemory();
    const challenges = createChallenges({ secret: SECRET, now: () => now, spent });
    expect((await challenges.check(undefined)).state).toBe('missing');
    expect((await challenges.check('not base64 json')).state).toBe('invalid');

    const forged = await solve(await issueChallenge({ secret: 'b'.repeat(64) }));
    expect((await challenges.check(forged)).state).toBe('invalid');

    const challenge = await challenges.issue();
    const decoded = decode(await solve(challenge));
    decoded.solution.counter += 1;
    const wrong = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await challenges.check(wrong)).state).toBe('invalid');

    const late = await solve(await challenges.issue());
    now += 10 * 60_000;
    expect((await challenges.check(late)).state).toBe('expired');
    expect(spent.kept.size).toBe(0);
  });

  it('keeps a stretched issue time from passing: the signature covers it', async () => {
    const challenges = createChallenges({ secret: SECRET, spent: spentInMemory() });
    const decoded = decode(await solve(await challenges.issue()));
    decoded.challenge.parameters.data.issuedAt -= 60_000;
    const stretched = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await challenges.check(stretched)).state).toBe('invalid');
  });
});
