import { useEffect, useRef, type Ref } from 'react';

export type StatusMessage = { tone: 'info' | 'done' | 'failed'; message: string } | null;

const TONES = { info: 'text-ink-muted', done: 'text-success', failed: 'text-danger' } as const;

/**
 * A polite live region that is always in the page, so screen readers announce each new
 * message. Failures say so in their words; the colour only repeats it.
 */
type StatusLineProps = {
  status: StatusMessage;
  className?: string;
  /** Set when the line takes focus after an action whose button went away. */
  ref?: Ref<HTMLParagraphElement>;
  /**
   * The line takes focus itself at each new message, once the message is drawn: an empty line
   * is hidden, and a hidden line cannot take focus, so focusing it when the action's promise
   * settles (before React has drawn the message) dropped focus to the page.
   */
  takesFocus?: boolean;
};

export function StatusLine({ status, className = '', ref, takesFocus = false }: StatusLineProps) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takesFocus && status !== null) line.current?.focus();
  }, [takesFocus, status]);
  return (
    <p
      ref={takesFocus ? line : ref}
      tabIndex={ref || takesFocus ? -1 : undefined}
      role="status"
      className={`text-sm font-medium empty:hidden ${TONES[status?.tone ?? 'info']} ${className}`}
    >
      {status?.message}
    </p>
  );
}
