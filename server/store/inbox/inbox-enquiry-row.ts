import type { InboxStatus } from '../../../common/studio-inbox';
import { toDate } from '../db/to-date';
import type { InboxEnquiry } from './inbox-types';

/** The enquiry's own columns, as every list of enquiries (the inbox, the leads waiting) reads them. */
export const ENQUIRY_COLUMNS = [
  'enquiries.id',
  'enquiries.name',
  'enquiries.email',
  'enquiries.service',
  'enquiries.message',
  'enquiries.inbox_status',
  'enquiries.created_at',
] as const;

export type EnquiryColumns = {
  id: string;
  name: string;
  email: string;
  service: InboxEnquiry['service'];
  message: string;
  inbox_status: InboxStatus;
  created_at: Date | string;
};

export function toInboxEnquiry(row: EnquiryColumns): InboxEnquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    service: row.service,
    message: row.message,
    status: row.inbox_status,
    receivedAt: toDate(row.created_at),
  };
}
