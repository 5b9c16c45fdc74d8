import { fromMinorUnits, type LeadValue } from '../../../common/lead-value';

/** A lead's value as it is stored: integer minor units of an ISO 4217 currency. */
export type MinorValue = { minor: number; currency: string };

/** The value of a lead's two columns (PostgreSQL reads a bigint as a string); null when unset. */
export function toLeadValue(
  amount: number | string | null,
  currency: string | null,
): LeadValue | null {
  if (amount === null || currency === null) return null;
  return { amount: fromMinorUnits(Number(amount), currency), currency };
}
