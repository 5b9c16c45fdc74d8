import { useLayoutEffect, useEffectEvent, type RefObject } from 'react';

/** What each drawn box held when the app arrived, where that differs from what was drawn. */
const typedBeforeTheApp = new WeakMap<HTMLTextAreaElement, string>();

/**
 * Notes the words typed into the boxes the server drew (decision 0100) before the app takes
 * the page over: the app's state has not seen them, and hydrating, React writes a box's text
 * from that state whenever it holds words (a draft kept by the tab, or saved). Called by the
 * entry just before it hydrates.
 */
export function noteWordsTypedBeforeTheApp(drawn: HTMLElement): void {
  for (const box of drawn.querySelectorAll('textarea')) {
    if (box.value !== box.defaultValue) typedBeforeTheApp.set(box, box.value);
  }
}

/**
 * Once the app is there, a box that was typed into before it arrived hands those words over as
 * if they were typed then, so they are saved as the draft and sent with the reply, before the
 * first paint (no flash of an emptied box). Drawn by the app itself, nothing was noted and
 * this does nothing.
 */
export function useWordsTypedBeforeTheApp(
  box: RefObject<HTMLTextAreaElement | null>,
  value: string,
  change: (words: string) => void,
): void {
  const takeOver = useEffectEvent(() => {
    if (box.current === null) return;
    const typed = typedBeforeTheApp.get(box.current);
    typedBeforeTheApp.delete(box.current);
    if (typed !== undefined && typed !== value) change(typed);
  });
  useLayoutEffect(() => takeOver(), []);
}
