import type { OutgoingEmail } from '../mail/mail-transport';
import { unsubscribeUrl } from '../newsletter/newsletter-links';
import type { LetterContent } from '../store/letters/letter-types';
import { composeLetterEmail } from './compose-letter-email';
import { mintLetterUnsubscribeToken } from './letter-unsubscribe-token';

/** What every copy of a letter is sent with. */
export type LetterCopySettings = {
  /** MAIL_FROM. */
  from: string;
  siteOrigin: string;
  /** The domain of MAIL_FROM: Message-IDs and List-Id are under it. */
  mailDomain: string;
  /** Signs each copy's unsubscribe link (deriveLetterLinkKey). */
  linkKey: Buffer;
};

/** One subscriber's copy, with the link that unsubscribes that subscriber in one click. */
export function letterCopy(
  settings: LetterCopySettings,
  letter: LetterContent,
  recipient: { subscriberId: string; email: string },
): OutgoingEmail {
  const token = mintLetterUnsubscribeToken(settings.linkKey, recipient.subscriberId);
  const email = composeLetterEmail({
    letter,
    recipient,
    siteUrl: settings.siteOrigin,
    mailDomain: settings.mailDomain,
    unsubscribeUrl: unsubscribeUrl(settings.siteOrigin, token),
  });
  return {
    messageId: email.messageId,
    from: settings.from,
    to: recipient.email,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
  };
}
