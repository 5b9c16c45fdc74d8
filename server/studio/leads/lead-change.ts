import * as z from 'zod/mini';
import { CALENDAR_DAY, LEAD_STAGES } from '../../../common/leads';
import { INBOX_STATUSES } from '../../../common/studio-inbox';

/**
 * PATCH /enquiries/:id: the inbox's `status`, or any of the lead's own fields, never both in
 * one request (they are audited and answered differently).
 */
export const EnquiryChangeSchema = z.union([
  z.strictObject({ status: z.enum(INBOX_STATUSES) }),
  z
    .strictObject({
      stage: z.optional(z.enum(LEAD_STAGES)),
      owner: z.optional(z.nullable(z.string().check(z.maxLength(254)))),
      followUpOn: z.optional(z.nullable(z.string().check(z.regex(CALENDAR_DAY)))),
    })
    .check(z.refine((change) => Object.keys(change).length > 0, 'Nothing to change')),
]);
