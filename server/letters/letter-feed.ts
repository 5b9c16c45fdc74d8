import { escapeHtml } from '../../common/escape-html';
import type { SentLetter } from '../store/letters/published-letters';
import { readLetterBlocks } from './letter-blocks';
import { renderLetterBlocksHtml } from './letter-page-html';
import { LETTERS_FEED_PATH, LETTERS_PATH, letterPath } from './letter-paths';

/** Characters XML 1.0 does not allow, which a letter's text may still hold. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text fit for the feed: escaped, without what XML cannot hold (a lone surrogate among it). */
const xmlText = (text: string) => escapeHtml(text.replace(NOT_XML, ''));

/** The feed's time of a letter, or of the feed when it has none yet. */
const FEED_EPOCH = new Date(0);

/**
 * `/letters/feed.xml`: the latest sent letters as an Atom feed (RFC 4287), each whole, with
 * absolute links. A letter's words are escaped HTML in `content`, never markup of the feed.
 */
export function renderLetterFeed(letters: SentLetter[], siteOrigin: string): string {
  const updated = (letters[0]?.sentAt ?? FEED_EPOCH).toISOString();
  const entries = letters.map((letter) => {
    const url = `${siteOrigin}${letterPath(letter.slug)}`;
    const html = renderLetterBlocksHtml(readLetterBlocks(letter.body, siteOrigin));
    const sentAt = letter.sentAt.toISOString();
    return [
      '<entry>',
      `<title>${xmlText(letter.subject)}</title>`,
      `<id>${xmlText(url)}</id>`,
      `<link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `<published>${sentAt}</published>`,
      `<updated>${sentAt}</updated>`,
      letter.preview === '' ? '' : `<summary>${xmlText(letter.preview)}</summary>`,
      `<content type="html">${xmlText(html)}</content>`,
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '<title>Ember &amp; Ink: letters</title>',
    `<id>${xmlText(`${siteOrigin}${LETTERS_PATH}`)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(`${siteOrigin}${LETTERS_FEED_PATH}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(`${siteOrigin}${LETTERS_PATH}`)}"/>`,
    `<updated>${updated}</updated>`,
    '<author><name>Ember &amp; Ink</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
