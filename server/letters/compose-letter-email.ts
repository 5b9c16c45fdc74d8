import { escapeHtml } from '../../common/escape-html';
import { withCampaign } from './campaign-links';
import { readLetterBlocks } from './letter-blocks';
import { renderLetterEmailHtml } from './letter-email-html';
import { renderLetterEmailText } from './letter-email-text';
import { letterPath } from './letter-paths';

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

type Halves = { beforeUnsubscribe: string; afterUnsubscribe: string };
type DrawnLetter = {
  siteUrl: string;
  letter: LetterEmailInput['letter'];
  html: Halves;
  text: Halves;
};

/** Letters drawn lately; a sending letter is one of few, and a changed draft is drawn again. */
const drawnLetters = new Map<string, DrawnLetter>();
const DRAWN_LETTERS_KEPT = 8;

/** Whether a drawing is of these words: compared field by field, the body last (the longest). */
function isDrawingOf(drawn: DrawnLetter, letter: LetterEmailInput['letter'], siteUrl: string) {
  const kept = drawn.letter;
  return (
    drawn.siteUrl === siteUrl &&
    kept.slug === letter.slug &&
    kept.subject === letter.subject &&
    kept.preview === letter.preview &&
    kept.body === letter.body
  );
}

function drawLetter(letter: LetterEmailInput['letter'], siteUrl: string): DrawnLetter {
  const kept = drawnLetters.get(letter.id);
  if (kept !== undefined && isDrawingOf(kept, letter, siteUrl)) return kept;
  const siteOrigin = new URL(siteUrl).origin;
  const links = { mark: (href: string) => withCampaign(href, siteOrigin, letter.slug) };
  const frame = {
    subject: letter.subject,
    preview: letter.preview,
    blocks: readLetterBlocks(letter.body, siteOrigin),
    pageUrl: links.mark(`${siteOrigin}${letterPath(letter.slug)}`),
    links,
  };
  const drawn = {
    siteUrl,
    letter: { ...letter },
    html: renderLetterEmailHtml(frame),
    text: renderLetterEmailText(frame),
  };
  drawnLetters.delete(letter.id);
  drawnLetters.set(letter.id, drawn);
  for (const id of drawnLetters.keys()) {
    if (drawnLetters.size <= DRAWN_LETTERS_KEPT) break;
    drawnLetters.delete(id);
  }
  return drawn;
}

/**
 * One subscriber's copy of a letter. The letter is drawn once (decision 0122) and each copy
 * only puts its own unsubscribe link in the gaps: its Message-ID names the letter and the
 * subscriber, so a bounce or complaint that quotes it finds the copy. No pixel, no redirect.
 */
export function composeLetterEmail(input: LetterEmailInput): LetterEmail {
  const { letter, recipient, mailDomain, unsubscribeUrl } = input;
  const drawn = drawLetter(letter, input.siteUrl);
  return {
    messageId: `<letter-${letter.id}.${recipient.subscriberId}@${mailDomain}>`,
    subject: letter.subject,
    text: drawn.text.beforeUnsubscribe + unsubscribeUrl + drawn.text.afterUnsubscribe,
    html: drawn.html.beforeUnsubscribe + escapeHtml(unsubscribeUrl) + drawn.html.afterUnsubscribe,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `<letters.${mailDomain}>`,
    },
  };
}
