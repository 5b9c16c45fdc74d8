import { escapeHtml } from '../../common/escape-html';
import type { StudioFormat } from '../../common/studio-format';
import type {
  LeadDigest,
  LeadDigestAnswer,
  LeadDigestCall,
  LeadDigestItem,
} from '../store/leads/lead-types';
import { senderDomain } from './compose-enquiry-email';
import type { OutgoingEmail } from './mail-transport';

const DAY_MS = 24 * 60 * 60 * 1000;

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeWaiting(item: LeadDigestItem, sentAt: Date): string {
  const days = Math.floor((sentAt.getTime() - Number(item.waitingSince)) / DAY_MS);
  return `${item.name} (${item.service}): waiting ${plural(Math.max(days, 1), 'day')}`;
}

function describeFollowUp(item: LeadDigestItem, format: StudioFormat): string {
  const day = item.followUpOn === null ? '' : format.day(item.followUpOn);
  return `${item.name} (${item.service}): follow up on ${day}`;
}

/** `09:30–10:00 Ann Lee`, in the studio's zone (the format's). */
function describeCall(call: LeadDigestCall, format: StudioFormat): string {
  return `${format.time(call.start)}–${format.time(call.end)} ${call.name}`;
}

/**
 * `Ann Lee (Brand Strategy) answered on 24 Nov 2026, 10:00: unverified sender`: whether anyone
 * vouched for the From, in words, so nobody acts on a forged answer unawares.
 */
function describeAnswer(answer: LeadDigestAnswer, format: StudioFormat): string {
  const verdict = answer.isVerified
    ? 'sender verified'
    : `unverified sender: nothing confirmed it came from ${answer.from}`;
  return `${answer.name} (${answer.service}) answered on ${format.dateTime(answer.at)}: ${verdict}`;
}

/**
 * One owner's morning digest (or, for the leads nobody owns, each owner's copy): the leads waiting for
 * a reply for more than a day, the follow-ups due, the day's calls and the answers received
 * since the last digest, verified or not, each with a link to its lead in the studio.
 * Null when nothing is left to say (answered since it was queued). The Message-ID holds the job
 * id, so a re-send after a crash is shown once.
 */
export function composeLeadDigestEmail(
  jobId: string,
  digest: LeadDigest,
  site: {
    from: string;
    to: string;
    siteOrigin: string;
    sentAt: Date;
    /** Writes the calls' times in STUDIO_TIME_ZONE, which `timeZone` names. */
    format: StudioFormat;
    timeZone: string;
  },
): OutgoingEmail | null {
  const { waiting, followUps, calls, answers } = digest;
  const isEmpty = [waiting, followUps, calls, answers].every((list) => list.length === 0);
  if (isEmpty) return null;
  const link = (item: { enquiryId: string }) =>
    `${site.siteOrigin}/studio?view=enquiry&id=${encodeURIComponent(item.enquiryId)}`;
  const sections = [
    {
      title: 'Waiting for a reply for more than a day',
      lines: waiting.map((item) => ({
        text: describeWaiting(item, site.sentAt),
        href: link(item),
      })),
    },
    {
      title: 'Follow-ups due',
      lines: followUps.map((item) => ({
        text: describeFollowUp(item, site.format),
        href: link(item),
      })),
    },
    {
      title: `Calls today (${site.timeZone} time)`,
      lines: calls.map((call) => ({ text: describeCall(call, site.format), href: link(call) })),
    },
    {
      title: `New answers since the last digest (${site.timeZone} time)`,
      lines: answers.map((answer) => ({
        text: describeAnswer(answer, site.format),
        href: link(answer),
      })),
    },
  ].filter((section) => section.lines.length > 0);
  const whose = digest.owner === null ? 'Leads nobody owns' : 'Your leads';
  const callCount = calls.length === 0 ? '' : `, ${plural(calls.length, 'call')}`;
  const answerCount = answers.length === 0 ? '' : `, ${plural(answers.length, 'new answer')}`;
  const subject = `${whose} on ${site.format.day(digest.day)}: ${waiting.length} waiting for a reply, ${plural(followUps.length, 'follow-up')} due${callCount}${answerCount}`;
  const text = sections
    .map((section) =>
      [section.title, ...section.lines.map((line) => `- ${line.text}\n  ${line.href}`)].join('\n'),
    )
    .join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...sections.map((section) =>
      [
        `<h2>${escapeHtml(section.title)}</h2>`,
        '<ul>',
        ...section.lines.map(
          (line) => `<li><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></li>`,
        ),
        '</ul>',
      ].join('\n'),
    ),
    '</body></html>',
  ].join('\n');
  return {
    messageId: `<lead-digest-${jobId}@${senderDomain(site.from)}>`,
    from: site.from,
    to: digest.to ?? site.to,
    subject,
    text: `${text}\n`,
    html,
  };
}
