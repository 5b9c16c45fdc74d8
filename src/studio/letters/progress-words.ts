import type { LetterCounts, LetterState } from '../../../common/letters';
import { lettersCopy } from './letters-copy';

/** Whether a letter has copies out or on their way, so its counts mean something. */
export const hasLeftTheDrafts = (state: LetterState) =>
  state === 'sending' || state === 'paused' || state === 'sent' || state === 'cancelled';

/**
 * A letter's progress in words: its counts and, while it sends, the time still needed at the
 * pace seen so far, or the copies left until a pace has been seen.
 */
export function progressWords(
  state: LetterState,
  counts: LetterCounts,
  minutesLeft: number | null,
): string {
  const line = lettersCopy.counts(counts);
  if (state !== 'sending') return line;
  return `${line}. ${minutesLeft === null ? lettersCopy.leftOnly(counts.left) : lettersCopy.timeLeft(minutesLeft)}`;
}
