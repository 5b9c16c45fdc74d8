import type { Challenge } from 'altcha-lib';
import { CHALLENGE_ENDPOINT } from '../../../common/challenge';

/** A solution ready to send, with the local times that bound its use. */
export type Solved = {
  /** ALTCHA's base64 payload, for the `altcha` field. */
  payload: string;
  /** Not before: the server counts a faster submission as spam. */
  readyAt: number;
  /** Not after: a little before the challenge expires on the server. */
  staleAt: number;
};

/** Time kept in hand before the challenge's expiry, for the request to arrive. */
const EXPIRY_MARGIN_MS = 30_000;

function runWorker(challenge: Challenge): Promise<string | null> {
  const worker = new Worker(new URL('./solve-worker.ts', import.meta.url), { type: 'module' });
  const solved = new Promise<string | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<string | null>) => resolve(event.data);
    worker.onerror = () => resolve(null);
  });
  worker.postMessage(challenge);
  return solved.finally(() => worker.terminate());
}

/**
 * Fetches a challenge and solves it in a Web Worker, so typing never stutters. Resolves null
 * when anything fails (no Worker, offline, no WebCrypto on a plain-http origin): the form is
 * then sent without a solution and the studio finds it under spam.
 */
export async function solveFreshChallenge(minFillMs: number): Promise<Solved | null> {
  if (typeof Worker === 'undefined' || !globalThis.crypto?.subtle) return null;
  try {
    const response = await fetch(CHALLENGE_ENDPOINT, { cache: 'no-store' });
    if (!response.ok) return null;
    const challenge = (await response.json()) as Challenge;
    const receivedAt = Date.now();
    const { expiresAt, data } = challenge.parameters;
    const issuedAt = typeof data?.issuedAt === 'number' ? data.issuedAt : null;
    if (expiresAt === undefined || issuedAt === null) return null;
    const payload = await runWorker(challenge);
    if (payload === null) return null;
    return {
      payload,
      readyAt: receivedAt + minFillMs,
      staleAt: receivedAt + (expiresAt * 1000 - issuedAt) - EXPIRY_MARGIN_MS,
    };
  } catch {
    return null;
  }
}
