import { CALL_COLUMNS, callCells, toExportedCall } from './call-export';
import { iso } from './csv';
import type { ExportedEnquiry } from './enquiry-pages';
import type { ExportShape } from './export-chunks';
import { LEAD_COLUMNS, leadCells, type ThreadFormat } from './lead-export';

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
  ...CALL_COLUMNS,
];

/**
 * One CSV row per enquiry with its delivery, lead (notes and thread in a cell each), visit and
 * booked call (its times in UTC and in `timeZone`, the studio's), or the stored enquiry with
 * them as JSON, for `export`. The thread's calls are written in `format`, as the studio shows them.
 */
export const enquiryExportShape = (
  timeZone: string,
  format: ThreadFormat,
): ExportShape<ExportedEnquiry> => ({
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
    ...leadCells(enquiry.lead, format),
    ...callCells(enquiry, timeZone),
  ],
  json: (enquiry) => ({
    ...enquiry,
    call: enquiry.call === null ? null : toExportedCall(enquiry.call, timeZone),
  }),
});
