import type { StoredEnquiry } from '../store/store';

/** Spreadsheet apps run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula triggers defused with a leading apostrophe, then RFC 4180 quoting. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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

export function enquiriesToCsv(enquiries: StoredEnquiry[]): string {
  return toCsv(
    ENQUIRY_COLUMNS,
    enquiries.map((enquiry) => [
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
    ]),
  );
}

export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** One line per enquiry for the terminal. */
export function enquiryLine(enquiry: StoredEnquiry): string {
  return [
    enquiry.id,
    iso(enquiry.createdAt),
    enquiry.delivery.status.padEnd(7),
    enquiry.service,
    `${enquiry.name} <${enquiry.email}>`,
  ].join('  ');
}

export function enquiryDetails(enquiry: StoredEnquiry): string {
  const lines = [
    `Id:          ${enquiry.id}`,
    `Received:    ${iso(enquiry.createdAt)}`,
    `Name:        ${enquiry.name}`,
    `Email:       ${enquiry.email}`,
    `Service:     ${enquiry.service}`,
    `Status:      ${enquiry.delivery.status}`,
    `Attempts:    ${enquiry.delivery.attempts}`,
    `Last error:  ${enquiry.delivery.lastError ?? '-'}`,
    `Sent at:     ${enquiry.delivery.sentAt === null ? '-' : iso(enquiry.delivery.sentAt)}`,
    `Client IP:   ${enquiry.clientIp}`,
    `User agent:  ${enquiry.userAgent ?? '-'}`,
    '',
    enquiry.message,
  ];
  return `${lines.join('\n')}\n`;
}
