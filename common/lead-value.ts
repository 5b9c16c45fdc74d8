/** What a lead is worth: an amount in an ISO 4217 currency, as the API speaks it. */
export type LeadValue = { amount: number; currency: string };

/** The most a lead can be worth, in major units: far past any quote, well inside 2^53 minor units. */
const MAX_MAJOR_DIGITS = 12;

const DECIMAL = new RegExp(`^(\\d{1,${MAX_MAJOR_DIGITS}})(?:\\.(\\d+))?$`);

/** True for a currency code this runtime knows (ISO 4217, upper case). */
export function isCurrencyCode(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value);
}

/** How many digits follow the point in the currency's amounts: 2 for GBP, 0 for JPY, 3 for BHD. */
export function minorDigits(currency: string): number {
  const { maximumFractionDigits } = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
  }).resolvedOptions();
  return maximumFractionDigits ?? 2;
}

/**
 * The amount in the currency's minor units; null when it is not a non-negative decimal with
 * at most the currency's minor digits (`12.345` pounds is not an amount; `12.5` is 1250 pence).
 */
export function toMinorUnits(amount: number | string, currency: string): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (match === null) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(`${match[1] ?? '0'}${fraction.padEnd(digits, '0')}`);
}

/** The amount in major units, from minor units. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}
