import { useEffect } from 'react';

/** While there are unsaved edits, the browser asks before the tab is closed or reloaded. */
export function useLeaveWarning(hasUnsavedEdits: boolean): void {
  useEffect(() => {
    if (!hasUnsavedEdits) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedEdits]);
}
