import type { StoredEnquiry } from '../store/enquiries/enquiry-types';
import { iso } from './csv';
import type { ExportShape } from './export-chunks';
import { LEAD_COLUMNS, leadCells, type WithLead } from './lead-export';

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
  ...LEAD_COLUMNS,
];

/**
 * One CSV row per enquiry with its delivery and lead (notes and thread in a cell each), or the
 * stored enquiry with its lead as JSON, for `export`.
 */
export const ENQUIRY_EXPORT_SHAPE: ExportShape<WithLead<StoredEnquiry>> = {
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
    ...leadCells(enquiry.lead),
  ],
  json: (enquiry) => enquiry,
};
