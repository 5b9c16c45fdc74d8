import type { Lead, ThreadMessage } from '../../common/leads';
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
    ...(message.isVerified === false ? ['unverified sender'] : []),
    ...(message.isThirdParty ? ['third party'] : []),
    ...(message.isTruncated ? ['truncated'] : []),
  ];
  return [
    `${message.at} ${message.direction === 'in' ? 'from' : 'to'} ${message.direction === 'in' ? message.from : message.to} [${flags.join(', ')}]: ${message.text}`,
    ...(files.length === 0 ? [] : [`attachments: ${files.join(', ')}`]),
  ].join('\n');
}

/** A lead's CSV cells: notes and thread messages one after the other, oldest first. */
export function leadCells(lead: Lead): string[] {
  return [
    lead.stage,
    lead.owner ?? '',
    lead.followUpOn ?? '',
    lead.value === null ? '' : String(lead.value.amount),
    lead.value?.currency ?? '',
    lead.notes.map((note) => `${note.at} ${note.by}: ${note.text}`).join('\n\n'),
    lead.thread.map(describeMessage).join('\n\n'),
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
