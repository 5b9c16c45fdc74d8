import { CONTROL_CLASS } from '../../components/field-shell';

export type SelectChoice = { value: string; label: string };

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly SelectChoice[];
  /** A first choice of the empty value, standing for none of the others ("Any stage"). */
  noneLabel?: string;
  /** The field's name, where the form is also read as a query. */
  name?: string;
};

/** A labelled drop-down, the studio's filters and lead fields alike. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  choices,
  noneLabel,
  name,
}: SelectFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
      >
        {noneLabel === undefined ? null : <option value="">{noneLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
