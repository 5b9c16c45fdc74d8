import { useCallback, useRef } from 'react';
import type { Solved } from './solve-challenge';

export type ProofOfWork = {
  /** Starts fetching and solving a challenge, once; call it when the visitor focuses the form. */
  start: () => void;
  /**
   * The solution for this submission (null when none could be made), and the next one starts
   * at once: each solution is good for one submission.
   */
  take: () => Promise<string | null>;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function solve(minFillMs: number): Promise<Solved | null> {
  try {
    const { solveFreshChallenge } = await import('./solve-challenge');
    return await solveFreshChallenge(minFillMs);
  } catch {
    return null;
  }
}

/**
 * The form's invisible proof of work. Nothing of it loads with the page: the solver's code, its
 * worker and the challenge are fetched when the visitor first focuses the form.
 */
export function useProofOfWork(minFillMs: number): ProofOfWork {
  const pending = useRef<Promise<Solved | null> | null>(null);

  const start = useCallback(() => {
    pending.current ??= solve(minFillMs);
  }, [minFillMs]);

  const take = useCallback(async () => {
    let solved = await (pending.current ?? solve(minFillMs));
    if (solved !== null && Date.now() >= solved.staleAt) solved = await solve(minFillMs);
    pending.current = solve(minFillMs);
    if (solved === null) return null;
    const early = solved.readyAt - Date.now();
    if (early > 0) await wait(early);
    return solved.payload;
  }, [minFillMs]);

  return { start, take };
}
