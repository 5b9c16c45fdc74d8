import { useEffect } from 'react';
import { siteCopy } from '../copy';
import { setLeaveQuestion } from '../routing/location-store';

/**
 * While there are unsaved edits, the browser asks before the tab is closed or reloaded, and the
 * studio before it opens another screen.
 */
export function useLeaveWarning(hasUnsavedEdits: boolean): void {
  useEffect(() => {
    if (!hasUnsavedEdits) return;
    setLeaveQuestion(siteCopy.leaveWarning);
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      setLeaveQuestion(null);
      window.removeEventListener('beforeunload', warn);
    };
  }, [hasUnsavedEdits]);
}
