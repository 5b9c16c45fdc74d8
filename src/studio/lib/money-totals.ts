import type { LeadValue } from '../../../common/lead-value';
import type { StudioFormat } from '../../../common/studio-format';

/**
 * The sum of the values per currency, each in the studio's format, in the order the currencies
 * first appear; an amount is summed in minor units, so cents never drift.
 */
export function totalsByCurrency(
  values: readonly (LeadValue | null)[],
  format: StudioFormat,
): string[] {
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
    format.money(minor / 10 ** digits, currency),
  );
}
