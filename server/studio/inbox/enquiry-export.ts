import type { Enquiry, ExportFormat } from '../../../common/studio-inbox';
import {
  CALL_COLUMNS,
  callCells,
  toExportedCall,
  withCalls,
  type WithCall,
} from '../../export/call-export';
import { toByteStream, toExportChunks, type ExportShape } from '../../export/export-chunks';
import {
  LEAD_COLUMNS,
  leadCells,
  withLeads,
  type ThreadFormat,
  type WithLead,
} from '../../export/lead-export';
import { readInPages } from '../../export/read-in-pages';
import type { AudienceRepository } from '../../store/audience/audience-repository';
import type { BookingRepository } from '../../store/bookings/booking-repository-types';
import type { LeadRepository } from '../../store/leads/lead-repository';
import type { InboxEnquiry, InboxFilter, InboxRepository } from '../../store/inbox/inbox-types';
import { toEnquiryJson } from './enquiry-json';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Rows read per query: the export holds one batch in memory, whatever the inbox's size. */
const BATCH_SIZE = 500;

const CSV_COLUMNS: Exclude<keyof Enquiry, 'lead'>[] = [
  'id',
  'receivedAt',
  'status',
  'name',
  'email',
  'service',
  'message',
];

type ExportedEnquiry = WithCall<WithLead<InboxEnquiry>>;

/**
 * One CSV row or one JSON record per enquiry, as the studio shows it, with its lead (stage,
 * owner, follow-up, notes and the email thread, attachments by name and size, with its calls'
 * changes written in `format`), its visit's source and campaign, and its booked call, its times
 * in UTC and in `timeZone`, the studio's.
 */
const enquiryShape = (timeZone: string, format: ThreadFormat): ExportShape<ExportedEnquiry> => ({
  columns: [...CSV_COLUMNS, ...LEAD_COLUMNS, ...CALL_COLUMNS],
  cells: (enquiry) => {
    const shown = toEnquiryJson(enquiry);
    return [
      ...CSV_COLUMNS.map((key) => shown[key]),
      ...leadCells(enquiry.lead, format),
      ...callCells(enquiry, timeZone),
    ];
  },
  json: (enquiry) => ({
    ...toEnquiryJson(enquiry),
    ...enquiry.lead,
    source: enquiry.source,
    campaign: enquiry.campaign,
    call: enquiry.call === null ? null : toExportedCall(enquiry.call, timeZone),
  }),
});

/** The file's name for today (UTC), e.g. `enquiries-2026-11-23.csv`. */
export function exportFileName(kind: string, format: ExportFormat, now: number): string {
  return `${kind}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}

/**
 * Every enquiry of the view, newest first, as CSV (cells neutralised against formulas as the
 * CLI's export does) or as a JSON array. The first batch is read before the answer starts, so
 * a store that cannot answer still gets its 503; the rest stream, one keyset page at a time.
 */
export async function streamEnquiryExport(
  stores: {
    inbox: InboxRepository;
    leads: Pick<LeadRepository, 'readLeads'>;
    audience: Pick<AudienceRepository, 'readAttributions'>;
    bookings: Pick<BookingRepository, 'readBookingsOfEnquiries'>;
  },
  filter: InboxFilter,
  format: ExportFormat,
  timeZone: string,
  threadFormat: ThreadFormat,
): Promise<ReadableStream<Uint8Array>> {
  const pages = await readInPages(
    withCalls(
      withLeads<InboxEnquiry>(
        (last) =>
          stores.inbox.listInbox(
            filter,
            last === null ? null : { receivedAt: last.receivedAt, id: last.id },
            BATCH_SIZE,
          ),
        stores.leads,
      ),
      stores,
    ),
    BATCH_SIZE,
  );
  return toByteStream(toExportChunks(pages, format, enquiryShape(timeZone, threadFormat)));
}
