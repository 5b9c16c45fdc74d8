import { useEffect, useEffectEvent } from 'react';

/** Often enough to watch a letter leave, seldom enough to cost the server nothing. */
export const POLL_INTERVAL_MS = 5_000;

/**
 * Asks again every `POLL_INTERVAL_MS` while `isActive`, each time after the previous answer
 * has come, and not at all while the tab is hidden: a tab left open on a sending letter costs
 * nothing, and shows the news at once when looked at again.
 */
export function usePollWhile(isActive: boolean, poll: (signal: AbortSignal) => Promise<void>) {
  const pollOnce = useEffectEvent(poll);
  useEffect(() => {
    if (!isActive) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const pollThenWait = () => {
      window.clearTimeout(timer);
      void pollOnce(controller.signal).finally(wait);
    };
    function wait() {
      window.clearTimeout(timer);
      if (!controller.signal.aborted && !document.hidden) {
        timer = window.setTimeout(pollThenWait, POLL_INTERVAL_MS);
      }
    }
    const onVisibilityChange = () => {
      if (document.hidden) window.clearTimeout(timer);
      else pollThenWait();
    };
    wait();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [isActive]);
}
