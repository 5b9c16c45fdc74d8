import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Focus for the result of an action: asked for when the action ends, given once React has
 * rendered what it says. Focusing at once would find an empty status line, which is hidden
 * (`empty:hidden`), so the browser would leave focus on <body>.
 */
export function useFocusAfterRender<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests]);
  return [ref, () => setRequests((count) => count + 1)];
}
