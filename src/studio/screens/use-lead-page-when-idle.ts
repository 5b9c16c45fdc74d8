import { useEffect } from 'react';
import { loadScreenAhead } from './lazy-screens';

/**
 * How long after sign-in the lead's page may start downloading: past the first page of leads
 * on a slow phone connection, so it never shares the line with what the inbox shows first.
 */
const AFTER_FIRST_SCREEN_MS = 3_000;

/**
 * A lead's page is where the inbox leads; its code is fetched once the signed-in studio has
 * drawn its first screen and the browser is idle, so opening the first lead does not wait for it.
 */
export function useLeadPageWhenIdle(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    const load = () => loadScreenAhead('enquiry');
    let idle: number | null = null;
    const timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(load);
      else load();
    }, AFTER_FIRST_SCREEN_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, [isSignedIn]);
}
