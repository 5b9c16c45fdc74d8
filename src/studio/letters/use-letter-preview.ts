import { useEffect, useEffectEvent, useState } from 'react';
import type { LetterPreview } from '../../../common/letters';
import { previewLetter } from '../api/letters-api';
import { describeError } from '../lib/describe-error';
import type { LetterWords } from './use-letter-draft';

/** A pause in the typing long enough to be worth drawing the email again. */
export const PREVIEW_DELAY_MS = 600;

/**
 * The email as the server makes it from the words on screen, saved or not: asked
 * `PREVIEW_DELAY_MS` after the typing pauses, an older answer dropped for a newer question.
 * The last drawing stays up while the next is on its way, so the preview never blinks.
 */
export function useLetterPreview(words: LetterWords): {
  /** The latest drawing; null until the first has come. */
  last: LetterPreview | null;
  /** Why the latest question failed, in words; null when it did not. */
  problem: string | null;
} {
  const [last, setLast] = useState<LetterPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { subject, preview, body } = words;
  const ask = useEffectEvent(async (signal: AbortSignal) => {
    try {
      // The three fields alone: a letter on its way is passed whole, and the server reads a draft.
      setLast(await previewLetter({ subject, preview, body }, signal));
      setProblem(null);
    } catch (error) {
      if (!signal.aborted) setProblem(describeError(error));
    }
  });

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => void ask(controller.signal), PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [subject, preview, body]);

  return { last, problem };
}
