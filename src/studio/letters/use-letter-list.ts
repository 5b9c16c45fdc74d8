import { useState } from 'react';
import { listLetters } from '../api/letters-api';
import { useApiData } from '../hooks/use-api-data';
import { isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';
import { minutesLeftOf, recordProgress, type Paces } from './time-left';
import { usePollWhile } from './use-poll-while';

/**
 * Every letter, newest first, asked again while one of them sends so its counts move, with
 * each sending letter's pace as the polls have seen it.
 */
export function useLetterList() {
  const { endSession } = useSession();
  const [paces, setPaces] = useState<Paces>(new Map());
  const { data, update } = useApiData('letters', async (signal) => {
    const answer = await listLetters(signal);
    setPaces((known) => recordProgress(known, answer.items, Date.now()));
    return answer;
  });
  const isSending =
    data.state === 'ready' && data.data.items.some((letter) => letter.state === 'sending');

  usePollWhile(isSending, async (signal) => {
    try {
      const answer = await listLetters(signal);
      setPaces((known) => recordProgress(known, answer.items, Date.now()));
      update(() => answer);
    } catch (error) {
      // A poll that fails leaves the list as it was; the next one tries again.
      if (isSessionEnded(error)) endSession();
    }
  });

  return { data, minutesLeft: (id: string) => minutesLeftOf(paces, id) };
}
