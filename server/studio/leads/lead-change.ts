import * as z from 'zod/mini';
import { CALENDAR_DAY, LEAD_STAGES } from '../../../common/leads';
import { INBOX_STATUSES } from '../../../common/studio-inbox';

/**
 * A lead's value as sent: its amount a non-negative decimal (a JSON number or a string, so
 * `"12000.50"` keeps its digits) and its currency. Whether the amount fits the currency's minor
 * units, and the currency is ISO 4217, is checked after (422, not 400).
 */
const ValueSchema = z.strictObject({
  amount: z.union([z.number(), z.string().check(z.maxLength(32))]),
  currency: z.string().check(z.maxLength(8)),
});

/**
 * PATCH /enquiries/:id: the inbox's `status` (where it is filed, and whether it is unread), or
 * any of the lead's own fields, never both in one request (they are audited and answered
 * differently).
 */
export const EnquiryChangeSchema = z.union([
  z.strictObject({ status: z.enum(INBOX_STATUSES) }),
  z
    .strictObject({
      stage: z.optional(z.enum(LEAD_STAGES)),
      owner: z.optional(z.nullable(z.string().check(z.maxLength(254)))),
      followUpOn: z.optional(z.nullable(z.string().check(z.regex(CALENDAR_DAY)))),
      value: z.optional(z.nullable(ValueSchema)),
    })
    .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change')),
]);

export type LeadFieldsChange = Exclude<z.infer<typeof EnquiryChangeSchema>, { status: unknown }>;
