import { describeCallEvent } from '../../common/call-event-words';
import type { CallEvent, Lead, ThreadMessage } from '../../common/leads';
import type { StudioFormat } from '../../common/studio-format';
import type { LeadRepository } from '../store/leads/lead-repository';

/** An exported enquiry: what the export lists, with its lead (notes and thread included). */
export type WithLead<T> = T & { lead: Lead };

/** The lead of an enquiry the store no longer holds (forgotten while the export ran). */
const NO_LEAD: Lead = {
  stage: 'new',
  owner: null,
  followUpOn: null,
  value: null,
  notes: [],
  thread: [],
  callEvents: [],
};

/** The CSV columns of a lead, after the enquiry's own. */
export const LEAD_COLUMNS = [
  'stage',
  'owner',
  'follow_up_on',
  'value',
  'currency',
  'notes',
  'thread',
] as const;

function describeMessage(message: ThreadMessage): string {
  const files = message.attachments.map((file) => `${file.name} (${file.size} bytes)`);
  const flags = [
    message.state,
    ...(message.isThroughTheSite ? ['through the site, address not confirmed'] : []),
    ...(message.isVerified === false && !message.isThroughTheSite ? ['unverified sender'] : []),
    ...(message.isThirdParty ? ['third party'] : []),
    ...(message.isTruncated ? ['truncated'] : []),
  ];
  return [
    `${message.at} ${message.direction === 'in' ? 'from' : 'to'} ${message.direction === 'in' ? message.from : message.to} [${flags.join(', ')}]: ${message.text}`,
    ...(files.length === 0 ? [] : [`attachments: ${files.join(', ')}`]),
  ].join('\n');
}

/** How the thread writes a call's times: the studio's locale and zone, as its screens do. */
export type ThreadFormat = Pick<StudioFormat, 'dateTime' | 'time'>;

/** A change of a call at its time, in the thread's words: "… Call booked for …\nTheir note: …". */
function describeEvent(event: CallEvent, format: ThreadFormat): string {
  const { summary, textLabel } = describeCallEvent(event, format);
  return [
    `${event.at} ${summary}`,
    ...(event.text === '' ? [] : [`${textLabel}: ${event.text}`]),
  ].join('\n');
}

/**
 * The thread as the lead's page shows it: its messages and its calls' changes at their time,
 * oldest first (a stable sort keeps each list's own order among equal times).
 */
function describeThread(lead: Lead, format: ThreadFormat): string {
  const entries = [
    ...lead.thread.map((message) => ({ at: message.at, text: describeMessage(message) })),
    ...lead.callEvents.map((event) => ({ at: event.at, text: describeEvent(event, format) })),
  ];
  return entries
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((entry) => entry.text)
    .join('\n\n');
}

/**
 * A lead's CSV cells: notes one after the other, then the thread's messages and calls' changes,
 * oldest first.
 */
export function leadCells(lead: Lead, format: ThreadFormat): string[] {
  return [
    lead.stage,
    lead.owner ?? '',
    lead.followUpOn ?? '',
    lead.value === null ? '' : String(lead.value.amount),
    lead.value?.currency ?? '',
    lead.notes.map((note) => `${note.at} ${note.by}: ${note.text}`).join('\n\n'),
    describeThread(lead, format),
  ];
}

/**
 * A page reader for readInPages that reads each page's leads with it, in one round of queries
 * per page, so an export with its threads still holds one page in memory.
 */
export function withLeads<T extends { id: string }>(
  read: (last: WithLead<T> | null) => Promise<T[]>,
  leads: Pick<LeadRepository, 'readLeads'>,
): (last: WithLead<T> | null) => Promise<WithLead<T>[]> {
  return async (last) => {
    const page = await read(last);
    const byId = await leads.readLeads(page.map((item) => item.id));
    return page.map((item) => ({ ...item, lead: byId.get(item.id) ?? NO_LEAD }));
  };
}
