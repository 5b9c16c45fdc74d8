import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** Gives up on a challenge that takes this long: the submission is then sent without one. */
const SOLVE_TIMEOUT_MS = 30_000;

/**
 * Runs off the main thread: receives a challenge, tries counters until the derived key matches,
 * and answers with ALTCHA's base64 payload, or null when it could not.
 */
self.onmessage = async (event: MessageEvent<Challenge>) => {
  const challenge = event.data;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS }).catch(
    () => null,
  );
  self.postMessage(solution === null ? null : btoa(JSON.stringify({ challenge, solution })));
};
