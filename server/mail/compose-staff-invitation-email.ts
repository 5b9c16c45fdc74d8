import { escapeHtml } from '../../common/escape-html';
import type { StaffNotice } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';

type Invitation = Extract<StaffNotice, { event: 'invited' }>;

/**
 * Invites a new colleague to the studio with their one-time link, minted as the email is sent.
 * The Message-ID holds the job id: a re-send after a crash is shown once.
 */
export function composeStaffInvitationEmail(
  jobId: string,
  invitation: Invitation,
  link: string,
  site: { from: string },
): OutgoingEmail {
  const subject = `${invitation.invitedBy} invited you to the Ember & Ink studio`;
  const welcome = `${invitation.invitedBy} has added you to the Ember & Ink studio, where we answer enquiries and keep the site up to date.`;
  const choose = 'Choose your password here — the link works once, within 24 hours:';
  const after =
    'If it has run out, ask whoever invited you to send a new one. If you were not expecting this, you can ignore it.';
  const text = [welcome, '', choose, link, '', after].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(welcome)}</p>`,
    `<p>${escapeHtml(choose)}<br><a href="${escapeHtml(link)}">Choose your password</a></p>`,
    `<p>${escapeHtml(after)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<staff-invitation-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: invitation.recipient,
    subject,
    text,
    html,
  };
}
