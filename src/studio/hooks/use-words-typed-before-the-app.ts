import { useLayoutEffect, useEffectEvent, type RefObject } from 'react';

/** What each drawn box held when the app arrived, where that differs from what was drawn. */
const typedBeforeTheApp = new WeakMap<HTMLTextAreaElement, string>();

let stopNoting: (() => void) | null = null;

/**
 * Notes the words typed into the boxes the server drew (decision 0100) until the app takes the
 * page over: the app's state has not seen them, and on taking over, React writes a box's text
 * from that state whenever it holds words (a draft kept by the tab, or saved). Called by the
 * entry just before it hydrates; the hydration is time-sliced (0125), so the person may go on
 * typing while it runs, and every word up to the moment the app takes over is kept.
 */
export function noteWordsTypedBeforeTheApp(drawn: HTMLElement): void {
  const note = (box: HTMLTextAreaElement) => {
    if (box.value !== box.defaultValue) typedBeforeTheApp.set(box, box.value);
  };
  for (const box of drawn.querySelectorAll('textarea')) note(box);
  const onInput = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) note(event.target);
  };
  drawn.addEventListener('input', onInput, true);
  stopNoting = () => drawn.removeEventListener('input', onInput, true);
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
    // The app has the page now: what is typed from here on is its own.
    stopNoting?.();
    stopNoting = null;
    if (box.current === null) return;
    const typed = typedBeforeTheApp.get(box.current);
    typedBeforeTheApp.delete(box.current);
    if (typed !== undefined && typed !== value) change(typed);
  });
  useLayoutEffect(() => takeOver(), []);
}
