import { escapeHtml } from '../../common/escape-html';
import type { StoredEnquiry } from '../store/enquiries/enquiry-types';
import type { StudioFormat } from '../../common/studio-format';
import type { OutgoingEmail } from './mail-transport';
import { studioLeadLink } from './studio-lead-link';

export type EnquiryEmailAddresses = {
  /** The agency inbox (MAIL_TO). */
  to: string;
  /** The site's sender (MAIL_FROM), either "address" or "Name <address>". */
  from: string;
};

export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.split('@').at(-1)?.trim() || 'localhost';
}

/**
 * The Message-ID depends only on the enquiry, so an email sent again after a crash (between
 * the SMTP reply and marking it sent) carries the same id and mail clients show it once.
 */
export function enquiryMessageId(enquiryId: string, from: string): string {
  return `<enquiry-${enquiryId}@${senderDomain(from)}>`;
}

/** Where the studio's email points and how it writes a moment: as the studio's screens do. */
export type EnquiryEmailStudio = { siteOrigin: string; format: Pick<StudioFormat, 'dateTime'> };

/**
 * The studio's email of a new enquiry: who, what, when (in the studio's locale and zone), the
 * message, and a link to the lead, where the answer is written, so the conversation stays in
 * the studio's thread.
 */
export function composeEnquiryEmail(
  enquiry: StoredEnquiry,
  addresses: EnquiryEmailAddresses,
  studio: EnquiryEmailStudio,
): OutgoingEmail {
  const link = studioLeadLink(studio.siteOrigin, enquiry.leadId);
  const isJoined = enquiry.leadId !== enquiry.id;
  const opening = isJoined
    ? 'New enquiry from the website, with the address of someone whose lead is open: it is in ' +
      'that thread. Anyone can type an address into the form, and nothing confirmed this one: ' +
      'check with them before acting on it.'
    : 'New enquiry from the website.';
  const details: [string, string][] = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Service', enquiry.service],
    ['Received', studio.format.dateTime(enquiry.createdAt)],
    ['Enquiry id', enquiry.id],
  ];

  const text = [
    opening,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    enquiry.message,
    '',
    `Open the lead and answer in the studio: ${link}`,
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(opening)}</p>`,
    `<table>${rows}</table>`,
    '<h2 style="font-size:16px">Message</h2>',
    `<div style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</div>`,
    `<p><a href="${escapeHtml(link)}">Open the lead and answer in the studio</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    messageId: enquiryMessageId(enquiry.id, addresses.from),
    from: addresses.from,
    to: addresses.to,
    replyTo: { name: enquiry.name, address: enquiry.email },
    subject: `New enquiry: ${enquiry.service} — ${enquiry.name}`,
    text,
    html,
  };
}
