import type { Ref } from 'react';

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
};

export function StatusLine({ status, className = '', ref }: StatusLineProps) {
  return (
    <p
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="status"
      className={`text-sm font-medium empty:hidden ${TONES[status?.tone ?? 'info']} ${className}`}
    >
      {status?.message}
    </p>
  );
}
