import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Words typed into a box the server drew (decision 0100) before the app took the page over are
 * on screen but not in the app's state: React leaves a hydrated box's text as the person left
 * it and tells no one. Once the app is there, a box whose text differs from the state hands it
 * over as if it were typed then, so it is saved as the draft and sent with the reply. Drawn by
 * the app itself, the box and the state agree, and this does nothing.
 */
export function useWordsTypedBeforeTheApp(
  box: RefObject<HTMLTextAreaElement | null>,
  value: string,
  change: (words: string) => void,
): void {
  const takeOver = useEffectEvent(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) change(typed);
  });
  useEffect(() => takeOver(), []);
}
