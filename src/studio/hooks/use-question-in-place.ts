import { useEffect, useRef, useState } from 'react';

/**
 * A button that becomes a question in place: asked, focus goes to the question's first control
 * (`answerRef`); set aside, focus goes back to the button (`openerRef`), which is drawn again.
 */
export function useQuestionInPlace<Answer extends HTMLElement, Opener extends HTMLElement>() {
  const [isAsking, setIsAsking] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const answerRef = useRef<Answer>(null);
  const openerRef = useRef<Opener>(null);

  useEffect(() => {
    if (isAsking) answerRef.current?.focus();
    else if (returnFocus) openerRef.current?.focus();
  }, [isAsking, returnFocus]);

  return {
    isAsking,
    answerRef,
    openerRef,
    ask: () => setIsAsking(true),
    setAside: () => {
      setIsAsking(false);
      setReturnFocus(true);
    },
  };
}
