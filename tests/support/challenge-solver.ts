import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { issueChallenge } from '../../server/spam/challenges';

/**
 * The CHALLENGE_SECRET every test server runs with, in process or spawned, so a client can
 * issue and solve a challenge itself, as a browser would after fetching one.
 */
export const TEST_CHALLENGE_SECRET = 'test-only-challenge-secret-0123456789abcdef';

/**
 * A solved challenge as the site's own script sends it (ALTCHA's base64 payload), issued a
 * minute ago by a server with the test secret: a visitor who focused the form, then typed.
 * Each call is a new challenge, so each attempt (a retry too) carries a solution of its own.
 * `secret` stands for a server's own key (one it made in its DATA_DIR).
 */
export async function solvedChallenge(
  options: { ageMs?: number; secret?: string } = {},
): Promise<string> {
  const issuedAt = Date.now() - (options.ageMs ?? 60_000);
  const challenge = await issueChallenge({
    secret: options.secret ?? TEST_CHALLENGE_SECRET,
    now: () => issuedAt,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('The test challenge could not be solved.');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
