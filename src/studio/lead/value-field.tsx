import { CONTROL_CLASS } from '../../components/field-shell';
import { SelectField } from '../components/select-field';
import { leadCopy } from '../lead-copy';

/** The currencies offered first; a lead's own currency is offered too, whatever it is. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK'];

type ValueFieldProps = {
  id: string;
  amount: string;
  currency: string;
  /** Why the amount cannot be saved; null when it can. */
  error: string | null;
  onAmountChange: (amount: string) => void;
  onCurrencyChange: (currency: string) => void;
};

/** What the lead is worth: an amount (empty for none) and its currency, side by side. */
export function ValueField({
  id,
  amount,
  currency,
  error,
  onAmountChange,
  onCurrencyChange,
}: ValueFieldProps) {
  const currencies = COMMON_CURRENCIES.includes(currency)
    ? COMMON_CURRENCIES
    : [currency, ...COMMON_CURRENCIES];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-amount`} className="text-sm font-semibold">
          {leadCopy.value}
        </label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={error !== null}
          aria-describedby={`${id}-amount-hint`}
          onChange={(event) => onAmountChange(event.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <SelectField
        id={`${id}-currency`}
        label={leadCopy.currency}
        value={currency}
        onChange={onCurrencyChange}
        choices={currencies.map((code) => ({ value: code, label: code }))}
      />
      <p
        id={`${id}-amount-hint`}
        className={`col-span-2 text-sm ${error === null ? 'text-ink-muted' : 'font-semibold text-danger'}`}
      >
        {error ?? leadCopy.valueHint}
      </p>
    </div>
  );
}
