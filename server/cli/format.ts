import type { StoredEnquiry } from '../store/enquiries/enquiry-types';
import { iso } from '../export/csv';
import { showControls, showControlsInJson, showControlsKeepingLines } from './visible-text';

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
