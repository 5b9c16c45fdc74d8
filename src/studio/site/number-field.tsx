import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { useField } from './site-form-context';

/**
 * A whole number of the document (a counter). While the box is empty the document keeps the
 * text, so the server names the field instead of the editor guessing a number.
 */
export function NumberField({ path, label }: { path: string; label: string }) {
  const { id, value, error, set } = useField(path);
  return (
    <FieldShell controlId={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdFor(id) : undefined}
        onChange={(event) => {
          const number = event.target.valueAsNumber;
          set(Number.isNaN(number) ? event.target.value : number);
        }}
        className={CONTROL_CLASS}
      />
    </FieldShell>
  );
}
