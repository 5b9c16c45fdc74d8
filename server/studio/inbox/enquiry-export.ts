import type { Enquiry, ExportFormat } from '../../../common/studio-inbox';
import { csvCell } from '../../cli/format';
import type { InboxEnquiry, InboxFilter, InboxRepository } from '../../store/store';
import { toEnquiryJson } from './enquiry-json';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Rows read per query: the export holds one batch in memory, whatever the inbox's size. */
const BATCH_SIZE = 500;

const CSV_COLUMNS: (keyof Enquiry)[] = [
  'id',
  'receivedAt',
  'status',
  'name',
  'email',
  'service',
  'message',
];

function toCsvLine(values: string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

function formatBatch(format: ExportFormat, batch: InboxEnquiry[], isFirst: boolean): string {
  const enquiries = batch.map(toEnquiryJson);
  if (format === 'csv') {
    return enquiries.map((enquiry) => toCsvLine(CSV_COLUMNS.map((key) => enquiry[key]))).join('');
  }
  const items = enquiries.map((enquiry) => `  ${JSON.stringify(enquiry)}`).join(',\n');
  return isFirst || items === '' ? items : `,\n${items}`;
}

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
  inbox: InboxRepository,
  filter: InboxFilter,
  format: ExportFormat,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let batch = await inbox.listInbox(filter, null, BATCH_SIZE);
  let isFirst = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isFirst) {
        const head = format === 'csv' ? toCsvLine(CSV_COLUMNS) : '[\n';
        controller.enqueue(encoder.encode(head + formatBatch(format, batch, true)));
        isFirst = false;
      } else {
        const last = batch.at(-1);
        batch =
          last === undefined || batch.length < BATCH_SIZE
            ? []
            : await inbox.listInbox(
                filter,
                { receivedAt: last.receivedAt, id: last.id },
                BATCH_SIZE,
              );
        if (batch.length > 0) controller.enqueue(encoder.encode(formatBatch(format, batch, false)));
      }
      if (batch.length < BATCH_SIZE) {
        if (format === 'json') controller.enqueue(encoder.encode('\n]\n'));
        controller.close();
      }
    },
  });
}
