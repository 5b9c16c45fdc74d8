import { useEffect, useEffectEvent } from 'react';

/** Long enough not to save in the middle of a word, short enough that little is ever at risk. */
export const AUTOSAVE_DELAY_MS = 3_000;

/**
 * Saves the draft by itself `AUTOSAVE_DELAY_MS` after the last edit, whenever `canSave`
 * (edits, nothing else under way). Every edit starts the wait again.
 */
export function useAutosave(content: unknown, canSave: boolean, save: () => Promise<void>): void {
  const run = useEffectEvent(() => void save());
  useEffect(() => {
    if (!canSave) return;
    const timer = window.setTimeout(run, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [content, canSave]);
}
