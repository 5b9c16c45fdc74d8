import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { useField } from './site-form-context';

type SelectFieldProps = {
  path: string;
  label: string;
  options: readonly { value: string; label: string }[];
};

/** A choice from a fixed list (a project's category, a social network). */
export function SelectField({ path, label, options }: SelectFieldProps) {
  const { id, value, error, set } = useField(path);
  return (
    <FieldShell controlId={id} label={label} error={error}>
      <select
        id={id}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdFor(id) : undefined}
        onChange={(event) => set(event.target.value)}
        className={CONTROL_CLASS}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
