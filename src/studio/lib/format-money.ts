import type { LeadValue } from '../../../common/lead-value';

/** An amount in its currency, in the reader's locale: `$12,000.00`, `£12,000.00`, `¥90,000`. */
export function formatMoney(value: LeadValue): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: value.currency }).format(
    value.amount,
  );
}

/**
 * The sum of the values per currency, each as `formatMoney` writes it, in the order the
 * currencies first appear; an amount is summed in minor units, so cents never drift.
 */
export function totalsByCurrency(values: readonly (LeadValue | null)[]): string[] {
  const totals = new Map<string, { minor: number; digits: number }>();
  for (const value of values) {
    if (value === null) continue;
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: value.currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const minor = Math.round(value.amount * 10 ** digits);
    const total = totals.get(value.currency);
    totals.set(value.currency, { minor: (total?.minor ?? 0) + minor, digits });
  }
  return [...totals].map(([currency, { minor, digits }]) =>
    formatMoney({ amount: minor / 10 ** digits, currency }),
  );
}
