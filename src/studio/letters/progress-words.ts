import type { LetterCounts, LetterState } from '../../../common/letters';
import { lettersCopy } from './letters-copy';

/** Whether a letter has copies out or on their way, so its counts mean something. */
export const hasLeftTheDrafts = (state: LetterState) =>
  state === 'sending' || state === 'paused' || state === 'sent' || state === 'cancelled';

/**
 * A letter's progress in words: its counts (the copies left among them) and, while it sends,
 * the time still needed at the pace seen so far, once a pace has been seen.
 */
export function progressWords(
  state: LetterState,
  counts: LetterCounts,
  minutesLeft: number | null,
): string {
  const line = lettersCopy.counts(counts);
  return state === 'sending' && minutesLeft !== null
    ? `${line}. ${lettersCopy.timeLeft(minutesLeft)}`
    : line;
}
