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
 * The acknowledgement of an enquiry that joined an open lead. Anyone can type a client's
 * address into the form, so it says what the studio received and that they may ignore it, in
 * the studio's words alone: neither the message nor the name typed with it is repeated, which
 * would put a stranger's words in the client's inbox as if they were their own.
 */
function joinedAcknowledgement(service: string): { subject: string; text: string } {
  return {
    subject: 'Ember & Ink received a message with your address',
    text: [
      'Hello,',
      '',
      `Ember & Ink received a message through the form on its website, about ${service}, giving this email address as the sender's. We have added it to our conversation with you.`,
      '',
      "If you sent it, there is nothing more to do: we will answer here. If you didn't, you can ignore this email, or answer it to tell us so.",
      '',
      ACKNOWLEDGEMENT_SENDER_NAME,
    ].join('\n'),
  };
}

/**
 * When the studio has switched it on, the acknowledgement of a new enquiry: the first message
 * of its thread (or, for an enquiry that joined an open lead, a note that the studio received
 * one), stored with its Message-ID so the studio's next reply answers it, and queued in the
 * outbox within the enquiry's own transaction.
 */
export async function queueAcknowledgement(
  trx: Transaction<Database>,
  enquiry: {
    id: string;
    leadId: string;
    name: string;
    email: string;
    service: string;
    at: string;
  },
  sender: StudioSender,
): Promise<void> {
  const { acknowledgement } = await readStudioSettings(trx);
  if (!acknowledgement.enabled) return;
  const id = randomUUID();
  const isJoined = enquiry.leadId !== enquiry.id;
  const firstName = firstNameOf(enquiry.name);
  const { subject, text } = isJoined
    ? joinedAcknowledgement(enquiry.service)
    : {
        subject: acknowledgement.subject.replaceAll(FIRST_NAME_PLACEHOLDER, firstName),
        text: acknowledgement.text.replaceAll(FIRST_NAME_PLACEHOLDER, firstName),
      };
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
      subject,
      text,
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
