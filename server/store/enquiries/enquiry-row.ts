import type { Selectable } from 'kysely';
import type { EnquiryTable } from './enquiry-schema';
import type { StoredEnquiry } from './enquiry-types';
import { toDate } from '../db/to-date';

export function toStoredEnquiry(row: Selectable<EnquiryTable>): StoredEnquiry {
  return {
    id: row.id,
    leadId: row.lead_id ?? row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    service: row.service,
    message: row.message,
    isSpam: row.status === 'spam',
    clientIp: row.client_ip,
    userAgent: row.user_agent,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      sentAt: row.sent_at === null ? null : toDate(row.sent_at),
    },
  };
}
