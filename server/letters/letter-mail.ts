import { randomUUID } from 'node:crypto';
import type { DeliveryResult, MailTransport } from '../mail/mail-transport';
import type { LetterContent } from '../store/letters/letter-types';
import { letterCopy, type LetterCopySettings } from './letter-copy';

/** What the studio's letter routes ask of the mail. */
export type LetterMail = {
  /** Wakes the sender: a letter was just started or resumed. */
  nudge(): void;
  /**
   * One copy of the letter to a member of the staff, as a subscriber would get it, marked as a
   * test in its subject. It is no recipient: its link unsubscribes nobody.
   */
  sendTest(letter: LetterContent, email: string): Promise<DeliveryResult>;
};

export function createLetterMail(options: {
  transport: MailTransport;
  copies: LetterCopySettings;
  nudge: () => void;
}): LetterMail {
  return {
    nudge: options.nudge,
    sendTest: (letter, email) =>
      options.transport.send(
        letterCopy(
          options.copies,
          { ...letter, subject: `[Test] ${letter.subject}` },
          // An id no subscriber has: the copy's own Message-ID, and a link to nobody.
          { subscriberId: randomUUID(), email },
        ),
      ),
  };
}
