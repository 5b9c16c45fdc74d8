import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createChallenges } from './challenges';

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

describe('challenges', () => {
  it('accepts a solution once, and says when the challenge was issued', async () => {
    let now = 1_800_000_000_000;
    const challenges = createChallenges({ secret: SECRET, now: () => now });
    const payload = await solve(await challenges.issue());
    now += 5_000;
    expect(await challenges.check(payload)).toEqual({
      state: 'solved',
      issuedAt: 1_800_000_000_000,
    });
    expect(await challenges.check(payload)).toEqual({ state: 'replayed', issuedAt: null });
  });

  it('refuses a missing, garbled, forged, wrong or expired solution', async () => {
    let now = Date.now();
    const challenges = createChallenges({ secret: SECRET, now: () => now });
    expect((await challenges.check(undefined)).state).toBe('missing');
    expect((await challenges.check('not base64 json')).state).toBe('invalid');

    const forged = await solve(await createChallenges({ secret: 'b'.repeat(64) }).issue());
    expect((await challenges.check(forged)).state).toBe('invalid');

    const challenge = await challenges.issue();
    const decoded = decode(await solve(challenge));
    decoded.solution.counter += 1;
    const wrong = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await challenges.check(wrong)).state).toBe('invalid');

    const late = await solve(await challenges.issue());
    now += 10 * 60_000;
    expect((await challenges.check(late)).state).toBe('expired');
  });

  it('keeps a stretched issue time from passing: the signature covers it', async () => {
    const challenges = createChallenges({ secret: SECRET });
    const decoded = decode(await solve(await challenges.issue()));
    decoded.challenge.parameters.data.issuedAt -= 60_000;
    const stretched = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await challenges.check(stretched)).state).toBe('invalid');
  });
});
