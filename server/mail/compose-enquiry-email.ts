import { escapeHtml } from '../../common/escape-html';
import type { StoredEnquiry } from '../store/enquiries/enquiry-types';
import type { OutgoingEmail } from './mail-transport';

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

export function composeEnquiryEmail(
  enquiry: StoredEnquiry,
  addresses: EnquiryEmailAddresses,
): OutgoingEmail {
  const received = enquiry.createdAt.toISOString();
  const details: [string, string][] = [
    ['Name', enquiry.name],
    ['Email', enquiry.email],
    ['Service', enquiry.service],
    ['Received', received],
    ['Enquiry id', enquiry.id],
  ];

  const text = [
    'New enquiry from the website.',
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    enquiry.message,
    '',
    'Reply to this email to answer the visitor directly.',
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    '<p>New enquiry from the website.</p>',
    `<table>${rows}</table>`,
    '<h2 style="font-size:16px">Message</h2>',
    `<div style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</div>`,
    '<p>Reply to this email to answer the visitor directly.</p>',
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
