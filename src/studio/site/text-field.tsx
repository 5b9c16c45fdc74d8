import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { siteCopy } from '../copy';
import { useField } from './site-form-context';
import { countedLength, textLimitAt } from './text-limits';

type TextFieldProps = {
  path: string;
  label: string;
  isMultiLine?: boolean;
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'tel';
};

/**
 * A labelled text field of the document; its problem is shown below it and tied to it. It
 * counts its characters against its limit as they are typed ("212 / 300") and says the limit
 * when over it; nothing typed is cut off or refused silently.
 */
export function TextField({
  path,
  label,
  isMultiLine = false,
  hint,
  type = 'text',
}: TextFieldProps) {
  const { id, value, error, set } = useField(path);
  const hintId = `${id}-hint`;
  const counterId = `${id}-count`;
  const text = typeof value === 'string' ? value : '';
  const limit = textLimitAt(path);
  const length = countedLength(text);
  const isOver = limit !== null && length > limit;
  const describedBy = [
    hint ? hintId : null,
    limit === null ? null : counterId,
    error ? errorIdFor(id) : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
  const shared = {
    id,
    value: text,
    'aria-invalid': error || isOver ? true : undefined,
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
      {limit === null ? null : (
        <p
          id={counterId}
          className={`-mt-1 text-sm ${isOver ? 'font-medium text-danger' : 'text-ink-muted'}`}
        >
          {isOver ? siteCopy.overLimit(length, limit) : siteCopy.count(length, limit)}
        </p>
      )}
    </FieldShell>
  );
}
