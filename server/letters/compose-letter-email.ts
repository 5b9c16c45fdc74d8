/**
 * A letter as one subscriber's email. This is the plain version the sender is built against:
 * the Markdown as written, and the same text escaped in a <pre>. The composition proper (the
 * Markdown rendered, the links tagged for the campaign) replaces this file with the same
 * interface.
 */
export type LetterEmailInput = {
  letter: { id: string; slug: string; subject: string; preview: string; body: string };
  recipient: { subscriberId: string; email: string };
  siteUrl: string;
  mailDomain: string;
  unsubscribeUrl: string;
};

export type LetterEmail = {
  messageId: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function composeLetterEmail({
  letter,
  recipient,
  mailDomain,
  unsubscribeUrl,
}: LetterEmailInput): LetterEmail {
  const text = `${letter.body}\n\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
  return {
    // Derived from the letter and the subscriber: a copy sent again is the same message.
    messageId: `<letter-${letter.id}.${recipient.subscriberId}@${mailDomain}>`,
    subject: letter.subject,
    text,
    html: `<pre>${escapeHtml(text)}</pre>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `<letters.${mailDomain}>`,
    },
  };
}
