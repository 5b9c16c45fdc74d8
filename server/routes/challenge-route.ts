import type { HeaderRecord } from '../security-headers';
import type { Challenges } from '../spam/challenges';

/**
 * A fresh proof-of-work challenge, never cached: the browser asks for one when a visitor first
 * focuses a form, and solves it while they type.
 */
export function createChallengeHandler(options: {
  challenges: Challenges;
  securityHeaders: HeaderRecord;
}): () => Promise<Response> {
  const headers: HeaderRecord = {
    ...options.securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  return async () =>
    new Response(JSON.stringify(await options.challenges.issue()), { status: 200, headers });
}
