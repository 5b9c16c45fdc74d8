import type { StoredEnquiry } from '../store/enquiries/enquiry-types';
import { iso } from './csv';
import type { ExportShape } from './export-chunks';

const ENQUIRY_COLUMNS = [
  'id',
  'created_at',
  'status',
  'name',
  'email',
  'service',
  'message',
  'attempts',
  'last_error',
  'sent_at',
  'client_ip',
  'user_agent',
];

/** One CSV row per enquiry with its delivery, or the stored enquiry as JSON, for `export`. */
export const ENQUIRY_EXPORT_SHAPE: ExportShape<StoredEnquiry> = {
  columns: ENQUIRY_COLUMNS,
  cells: (enquiry) => [
    enquiry.id,
    iso(enquiry.createdAt),
    enquiry.delivery.status,
    enquiry.name,
    enquiry.email,
    enquiry.service,
    enquiry.message,
    String(enquiry.delivery.attempts),
    enquiry.delivery.lastError ?? '',
    iso(enquiry.delivery.sentAt),
    enquiry.clientIp,
    enquiry.userAgent ?? '',
  ],
  json: (enquiry) => enquiry,
};
