import { escapeHtml } from '../../common/escape-html';
import type { LeadAnswer, LeadAssignment } from '../store/outbox/outbox-types';
import { senderDomain } from './compose-enquiry-email';
import { studioLeadLink } from './studio-lead-link';
import type { OutgoingEmail } from './mail-transport';

/** The most of an answer's text a notice quotes: enough to judge it, not a second inbox. */
export const ANSWER_QUOTE_LENGTH = 1_000;

/** The answer's text as the notice quotes it: its first ANSWER_QUOTE_LENGTH characters. */
function quoteOf(answer: LeadAnswer): string {
  const text = answer.text.trim();
  const characters = Array.from(text);
  if (characters.length <= ANSWER_QUOTE_LENGTH) return text;
  return `${characters.slice(0, ANSWER_QUOTE_LENGTH).join('').trimEnd()}… (the rest is in the studio)`;
}

/** Whether anyone vouched for the From, in words, so nobody acts on a forged answer unawares. */
function verdictOf(answer: LeadAnswer): string {
  return answer.isVerified
    ? `The studio's mail server confirmed it came from ${answer.from}.`
    : `Unverified sender: the studio's mail server did not confirm that this came from ${answer.from}. Anyone can write an address as the sender; check with them before acting on it.`;
}

/**
 * Tells a staff member that the client of a lead they look after answered, whether its sender
 * was verified, and what it says (the start of it, as plain text), with a link to the thread:
 * nobody waits for the morning digest to learn it. A notice without its answer (queued before
 * notices named it, or the answer forgotten since) says only who answered. The Message-ID
 * holds the job id: a re-send after a crash is shown once.
 */
export function composeLeadAnsweredEmail(
  jobId: string,
  answered: LeadAssignment,
  site: { from: string; siteOrigin: string },
): OutgoingEmail {
  const link = studioLeadLink(site.siteOrigin, answered.enquiryId);
  const { answer } = answered;
  const what = `${answered.name} answered about ${answered.service}.`;
  const verdict = answer === null ? null : verdictOf(answer);
  const quote = answer === null ? null : quoteOf(answer);
  const text = [
    what,
    ...(verdict === null ? [] : ['', verdict]),
    ...(quote === null ? [] : ['', 'Their answer:', '', quote]),
    '',
    `Read it and reply in the studio: ${link}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(what)}</p>`,
    ...(verdict === null
      ? []
      : [
          `<p${answer?.isVerified === true ? '' : ' style="font-weight:bold"'}>${escapeHtml(verdict)}</p>`,
        ]),
    ...(quote === null
      ? []
      : [
          '<p>Their answer:</p>',
          `<blockquote style="white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`,
        ]),
    `<p><a href="${escapeHtml(link)}">Read it and reply in the studio</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<lead-answered-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: answered.recipient,
    subject: `${answered.name} answered${answer?.isVerified === false ? ' (unverified sender)' : ''}`,
    text,
    html,
  };
}
