import {
  createStudioFormat,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
} from '../../../common/studio-format';
import type { Config } from '../../config';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Says, first thing in the body, which old version the preview shows: the page looks exactly
 * like a published one, and a staff member must not mistake it for what visitors see. Plain
 * markup without style attributes, which the page's CSP would refuse.
 */
export function withVersionNote(
  html: string,
  publishedAt: Date,
  config: Pick<Config, 'studio'>,
): string {
  const body = /<body(\s[^>]*)?>/i.exec(html);
  if (body === null) throw new Error('The rendered page has no <body>.');
  const when = escapeHtml(
    createStudioFormat({
      locale: DEFAULT_LOCALE,
      currency: DEFAULT_CURRENCY,
      timeZone: config.studio.timeZone,
    }).dateTime(publishedAt),
  );
  const note =
    `<div role="region" aria-label="Version preview"><p>Preview of the version published ` +
    `${when}. Visitors do not see it; restore it in the studio's History to bring it back.` +
    `</p></div>`;
  const end = body.index + body[0].length;
  return `${html.slice(0, end)}${note}${html.slice(end)}`;
}
