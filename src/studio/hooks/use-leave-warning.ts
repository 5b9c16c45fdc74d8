import { useLayoutEffect } from 'react';
import { setLeaveQuestion } from '../routing/location-store';

/** The questions of every part of the screen that has unsaved work, in the order they came. */
const pending: string[] = [];

/**
 * While `question` is not null there is unsaved work: the browser asks before the tab is
 * closed or reloaded, and the studio (its links, back and forward) asks `question` before it
 * opens another screen. Several parts of one screen (a reply, a note, a lead's fields) may ask
 * at once; the studio asks the latest until every part is saved. The question is in place as
 * the change is drawn, not a frame later: a Back pressed right after typing still asks.
 */
export function useLeaveWarning(question: string | null): void {
  useLayoutEffect(() => {
    if (question === null) return;
    pending.push(question);
    setLeaveQuestion(question);
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      pending.splice(pending.lastIndexOf(question), 1);
      setLeaveQuestion(pending.at(-1) ?? null);
      window.removeEventListener('beforeunload', warn);
    };
  }, [question]);
}
