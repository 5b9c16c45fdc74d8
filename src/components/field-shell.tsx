import type { ReactNode } from 'react';

type FieldShellProps = {
  controlId: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
};

/** The label above a control and its error below; the control points at `errorIdFor(id)`. */
export function FieldShell({ controlId, label, error, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={controlId} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorIdFor(controlId)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function errorIdFor(controlId: string): string {
  return `${controlId}-error`;
}

/** A text control's look, for a control whose width its row decides. */
export const CONTROL_LOOK =
  'rounded-xl border border-line bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-muted/70 transition-colors hover:border-ink/40 focus:border-ember aria-invalid:border-danger';
export const CONTROL_CLASS = `w-full ${CONTROL_LOOK}`;
