import { escapeHtml } from '../../common/escape-html';
import type { LeadAssignment } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';
import { studioLeadLink } from './studio-lead-link';

/**
 * Tells a staff member a lead is now theirs, with a link straight to it. The Message-ID holds
 * the job id: a re-send after a crash is shown once.
 */
export function composeLeadAssignedEmail(
  jobId: string,
  assignment: LeadAssignment,
  site: { from: string; siteOrigin: string },
): OutgoingEmail {
  const link = studioLeadLink(site.siteOrigin, assignment.enquiryId);
  const who = assignment.by ?? 'The studio';
  const what = `${who} gave you the enquiry from ${assignment.name} (${assignment.service}).`;
  const text = [what, '', `Open it: ${link}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the enquiry</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<lead-assigned-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: assignment.recipient,
    subject: `A lead for you: ${assignment.name}`,
    text,
    html,
  };
}
