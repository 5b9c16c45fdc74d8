import { escapeHtml } from '../../common/escape-html';
import type { StudioFormat } from '../../common/studio-format';
import type { StaffNotice } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';

type PasskeyNotice = Extract<StaffNotice, { passkeyName: string }>;

const CHANGES: Record<PasskeyNotice['event'], { subject: string; sentence: string }> = {
  'passkey-added': {
    subject: 'A passkey was added to your studio account',
    sentence: 'A passkey was added to your Ember & Ink studio account',
  },
  'passkey-removed': {
    subject: 'A passkey was removed from your studio account',
    sentence: 'A passkey was removed from your Ember & Ink studio account',
  },
};

/**
 * Tells a staff member that a way to sign in to their account changed, so a change they did
 * not make does not go unnoticed. The Message-ID holds the job id: a re-send after a crash is
 * shown once.
 */
export function composeStaffNoticeEmail(
  jobId: string,
  notice: PasskeyNotice,
  site: { from: string; siteOrigin: string; format: StudioFormat },
): OutgoingEmail {
  const change = CHANGES[notice.event];
  const studio = `${site.siteOrigin}/studio?view=account`;
  const what = `${change.sentence}: "${notice.passkeyName}", at ${site.format.dateTime(notice.at)}.`;
  const advice =
    'If that was not you, sign in, end the sessions you do not recognise and remove the passkey, ' +
    'or ask whoever runs the studio to run "staff reset" for your address.';
  const text = [what, '', advice, '', `Your account: ${studio}`].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(advice)}</p>`,
    `<p><a href="${escapeHtml(studio)}">Your account</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<staff-notice-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: notice.recipient,
    subject: change.subject,
    text,
    html,
  };
}
