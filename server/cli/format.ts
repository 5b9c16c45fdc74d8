import type { StoredEnquiry } from '../store/store';
import type { ExportShape } from './export-chunks';
import { showControls, showControlsInJson, showControlsKeepingLines } from './visible-text';

/** Spreadsheet apps run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * True when a spreadsheet may read the cell as a formula. Some apps fold compatibility forms
 * (the full-width ＝ ＋ － ＠, the small ﹦ ﹢ ﹣ ﹫) into the ASCII sign, so the test runs on the
 * NFKC form; the cell itself is kept as written.
 */
function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value.normalize('NFKC'));
}

/** One CSV cell: formula triggers defused with a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function iso(date: Date | null): string {
  return date === null ? '' : date.toISOString();
}

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

/** JSON, written so that a terminal shows every stored character rather than acting on it. */
export function toJson(value: unknown): string {
  return `${showControlsInJson(JSON.stringify(value, null, 2))}\n`;
}

/** One line per enquiry for the terminal; what the visitor typed is shown, never acted on. */
export function enquiryLine(enquiry: StoredEnquiry): string {
  return [
    enquiry.id,
    iso(enquiry.createdAt),
    enquiry.delivery.status.padEnd(7),
    showControls(enquiry.service),
    showControls(`${enquiry.name} <${enquiry.email}>`),
  ].join('  ');
}

export function enquiryDetails(enquiry: StoredEnquiry): string {
  const lines = [
    `Id:          ${enquiry.id}`,
    `Received:    ${iso(enquiry.createdAt)}`,
    `Name:        ${showControls(enquiry.name)}`,
    `Email:       ${showControls(enquiry.email)}`,
    `Service:     ${showControls(enquiry.service)}`,
    `Status:      ${enquiry.delivery.status}`,
    `Attempts:    ${enquiry.delivery.attempts}`,
    `Last error:  ${showControls(enquiry.delivery.lastError ?? '-')}`,
    `Sent at:     ${enquiry.delivery.sentAt === null ? '-' : iso(enquiry.delivery.sentAt)}`,
    `Client IP:   ${showControls(enquiry.clientIp)}`,
    `User agent:  ${showControls(enquiry.userAgent ?? '-')}`,
    '',
    // The message is the last thing shown, below a blank line: its own line breaks stay.
    showControlsKeepingLines(enquiry.message),
  ];
  return `${lines.join('\n')}\n`;
}
