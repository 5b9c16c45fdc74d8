import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { useField } from './site-form-context';

type TextFieldProps = {
  path: string;
  label: string;
  isMultiLine?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'tel';
};

/** A labelled text field of the document; its problem is shown below it and tied to it. */
export function TextField({
  path,
  label,
  isMultiLine = false,
  hint,
  type = 'text',
}: TextFieldProps) {
  const { id, value, error, set } = useField(path);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorIdFor(id) : null]
    .filter((part) => part !== null)
    .join(' ');
  const shared = {
    id,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    className: CONTROL_CLASS,
  } as const;
  return (
    <FieldShell controlId={id} label={label} error={error}>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {isMultiLine ? (
        <textarea {...shared} rows={3} onChange={(event) => set(event.target.value)} />
      ) : (
        <input {...shared} type={type} onChange={(event) => set(event.target.value)} />
      )}
    </FieldShell>
  );
}
