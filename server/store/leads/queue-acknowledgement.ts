import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { FIRST_NAME_PLACEHOLDER } from '../../../common/studio-settings';
import type { Database } from '../db/schema';
import type { StudioSender } from '../enquiries/enquiry-types';
import { readStudioSettings } from '../settings/settings-repository';

/** The name the acknowledgement is sent in: the studio's, nobody's in particular. */
export const ACKNOWLEDGEMENT_SENDER_NAME = 'Ember & Ink';

/** The first word of the name the sender gave, or the whole of it when it has no space. */
function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The Message-ID of an enquiry's acknowledgement: one per enquiry, whoever sends it. */
export function acknowledgementMessageId(enquiryId: string, messageDomain: string): string {
  return `<acknowledgement-${enquiryId}@${messageDomain}>`;
}

/**
 * When the studio has switched it on, the acknowledgement of a new enquiry: the first message
 * of its thread, stored with its Message-ID so the studio's first reply answers it, and queued
 * in the outbox within the enquiry's own transaction.
 */
export async function queueAcknowledgement(
  trx: Transaction<Database>,
  enquiry: { id: string; leadId: string; name: string; email: string; at: string },
  sender: StudioSender,
): Promise<void> {
  const { acknowledgement } = await readStudioSettings(trx);
  if (!acknowledgement.enabled) return;
  const id = randomUUID();
  const firstName = firstNameOf(enquiry.name);
  await trx
    .insertInto('lead_messages')
    .values({
      id,
      // In the thread of the person's lead, so an answer to it joins that lead.
      enquiry_id: enquiry.leadId,
      direction: 'out',
      message_id: acknowledgementMessageId(enquiry.id, sender.messageDomain),
      in_reply_to: null,
      references: '',
      from_address: sender.address,
      from_name: ACKNOWLEDGEMENT_SENDER_NAME,
      to_address: enquiry.email,
      at: enquiry.at,
      subject: acknowledgement.subject.replaceAll(FIRST_NAME_PLACEHOLDER, firstName),
      text: acknowledgement.text.replaceAll(FIRST_NAME_PLACEHOLDER, firstName),
      email_text: null,
      state: 'queued',
      last_error: null,
      sent_by: null,
      is_truncated: 0,
      is_verified: null,
    })
    .execute();
  await trx
    .insertInto('outbox')
    .values({
      id,
      kind: 'lead-reply',
      enquiry_id: null,
      subscriber_id: null,
      recipient: enquiry.email,
      payload: null,
      lead_message_id: id,
      created_at: enquiry.at,
      available_at: enquiry.at,
      locked_until: null,
      attempts: 0,
    })
    .execute();
}
