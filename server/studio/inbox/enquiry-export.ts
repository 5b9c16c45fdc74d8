import type { Enquiry, ExportFormat } from '../../../common/studio-inbox';
import { toByteStream, toExportChunks, type ExportShape } from '../../export/export-chunks';
import { LEAD_COLUMNS, leadCells, withLeads, type WithLead } from '../../export/lead-export';
import { readInPages } from '../../export/read-in-pages';
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

/**
 * One CSV row or one JSON record per enquiry, as the studio shows it, with its lead: stage,
 * owner, follow-up, notes and the email thread (attachments by name and size).
 */
const ENQUIRY_SHAPE: ExportShape<WithLead<InboxEnquiry>> = {
  columns: [...CSV_COLUMNS, ...LEAD_COLUMNS],
  cells: (enquiry) => {
    const shown = toEnquiryJson(enquiry);
    return [...CSV_COLUMNS.map((key) => shown[key]), ...leadCells(enquiry.lead)];
  },
  json: (enquiry) => ({ ...toEnquiryJson(enquiry), ...enquiry.lead }),
};

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
  stores: { inbox: InboxRepository; leads: Pick<LeadRepository, 'readLeads'> },
  filter: InboxFilter,
  format: ExportFormat,
): Promise<ReadableStream<Uint8Array>> {
  const pages = await readInPages(
    withLeads<InboxEnquiry>(
      (last) =>
        stores.inbox.listInbox(
          filter,
          last === null ? null : { receivedAt: last.receivedAt, id: last.id },
          BATCH_SIZE,
        ),
      stores.leads,
    ),
    BATCH_SIZE,
  );
  return toByteStream(toExportChunks(pages, format, ENQUIRY_SHAPE));
}
