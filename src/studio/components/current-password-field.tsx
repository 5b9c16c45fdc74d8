import type { Ref } from 'react';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';

type CurrentPasswordFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (password: string) => void;
  /** For a form that moves focus to the field (re-authentication does, on open and on failure). */
  ref?: Ref<HTMLInputElement>;
};

/**
 * The password a person already has, as sign-in and re-authentication ask for it: marked
 * `current-password` so the browser's password manager offers the saved one.
 */
export function CurrentPasswordField({
  id,
  label,
  value,
  onChange,
  ref,
}: CurrentPasswordFieldProps) {
  return (
    <FieldShell controlId={id} label={label}>
      <input
        ref={ref}
        id={id}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
      />
    </FieldShell>
  );
}
