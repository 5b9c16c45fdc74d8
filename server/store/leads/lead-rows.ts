import type { Selectable } from 'kysely';
import type { LeadNote, ThreadAttachment, ThreadMessage } from '../../../common/leads';
import { toDate } from '../db/to-date';
import type { LeadMessageTable, LeadNoteTable } from './lead-schema';

export function toLeadNote(row: Selectable<LeadNoteTable>): LeadNote {
  return { id: row.id, by: row.by, at: toDate(row.at).toISOString(), text: row.text };
}

export function toThreadMessage(
  row: Selectable<LeadMessageTable>,
  clientEmail: string,
  attachments: ThreadAttachment[],
): ThreadMessage {
  return {
    id: row.id,
    direction: row.direction,
    from: row.from_address,
    fromName: row.from_name,
    to: row.to_address,
    cc: row.cc === '' ? [] : row.cc.split(','),
    at: toDate(row.at).toISOString(),
    subject: row.subject,
    text: row.text,
    isAcknowledgement: row.direction === 'out' && row.sent_by === null,
    state: row.state,
    reason: row.last_error,
    isThirdParty:
      row.direction === 'in' && row.from_address.toLowerCase() !== clientEmail.toLowerCase(),
    isThroughTheSite: false,
    isTruncated: row.is_truncated === 1,
    isVerified: row.direction === 'in' ? row.is_verified === 1 : null,
    calendarAnswer: row.calendar_answer,
    attachments,
  };
}
