import type { ContactService } from '../../../common/contact';
import type { InboxStatus } from '../../../common/studio-inbox';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';
import type { DeliveryStatus } from './enquiry-types';

export type EnquiryTable = {
  id: string;
  created_at: Timestamp;
  name: string;
  email: string;
  service: ContactService;
  message: string;
  client_ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
  body_hash: string | null;
  /** The email's delivery; `spam` means no email was ever queued. */
  status: DeliveryStatus;
  /** Where the studio is with it (new, read, replied, archived, spam). */
  inbox_status: InboxStatus;
  attempts: number;
  last_error: string | null;
  sent_at: NullableTimestamp;
  /** The sender's address as one person's (toAddressKey); null only on rows of older releases. */
  address_key: string | null;
  /** The open lead this enquiry joined (same address); null when it is a lead of its own. */
  lead_id: string | null;
};

export type EnquiryDatabase = { enquiries: EnquiryTable };
