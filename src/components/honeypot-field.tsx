import type { ChangeEvent } from 'react';
import { HONEYPOT_FIELD } from '../../common/form-constants';

type HoneypotFieldProps = {
  /** Read only by what reads every field: a bot. */
  label: string;
  /** For a form that keeps its fields in state; a plain form post leaves them out. */
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** The trap for bots: off-screen, unlabelled for people, skipped by keyboard and readers. */
export function HoneypotField({ label, value, onChange }: HoneypotFieldProps) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <input
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        aria-label={label}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
