import type { HeaderRecord } from '../../security-headers';
import type { RenderSite } from '../../site/render-site';
import type { SiteContentRepository } from '../../store/site/site-content-repository';
import { isCrossSite } from '../cross-site';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readSessionToken } from '../session-cookie';
import type { StudioKit } from '../studio-kit';
import { STUDIO_HEADERS } from '../studio-responses';
import { withVersionNote } from './version-note';

/** The draft rendered as `/` would be; a page, not part of the JSON API. */
export const PREVIEW_PATH = '/studio/preview';

const NOINDEX_META = '<meta name="robots" content="noindex">';

/** Puts the noindex meta first in the head, where no text of the document can come before it. */
export function withNoindexMeta(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head === null) throw new Error('The rendered page has no <head>.');
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${NOINDEX_META}${html.slice(end)}`;
}

const refusal = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${NOINDEX_META}<title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

const SIGN_IN_PAGE = refusal(
  'Sign in to preview',
  'The preview shows the unpublished draft to staff only. <a href="/studio">Sign in to the studio</a>, then open the preview again.',
);
const NO_SUCH_VERSION_PAGE = refusal(
  'That version is not in the history',
  'The history keeps the latest 100 publishes. <a href="/studio/site">Back to the editor</a>.',
);
const CROSS_SITE_PAGE = refusal(
  'Open the preview from the studio',
  'The preview opens from the studio itself. <a href="/studio">Go to the studio</a>.',
);

/**
 * GET /studio/preview: the draft through the same render as the published page, under the same
 * CSP, for signed-in staff only; never stored by a cache, never indexed, never written to dist.
 * With `?revision=<history id>`, an old publish instead, so it can be seen before a restore.
 */
export function createPreviewHandler(deps: {
  kit: StudioKit;
  draft: Pick<SiteContentRepository, 'readDraft' | 'readSiteRevision'>;
  renderSite: RenderSite;
  securityHeaders: HeaderRecord;
}): (headers: Headers, revisionId: string | null) => Promise<Response> {
  const { kit } = deps;
  const page = (status: number, html: string, extra: HeaderRecord = {}) =>
    new Response(html, {
      status,
      headers: {
        ...deps.securityHeaders,
        ...STUDIO_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        ...extra,
      },
    });

  const showVersion = async (id: string) => {
    const version = isWellFormedId(id) ? await deps.draft.readSiteRevision(id) : null;
    if (version === null) return page(404, NO_SUCH_VERSION_PAGE);
    const { indexHtml } = deps.renderSite(version.content, version.publishedAt);
    const html = withVersionNote(withNoindexMeta(indexHtml), version.publishedAt, kit.config);
    return page(200, html);
  };

  return async (headers, revisionId) => {
    if (isCrossSite(headers, kit.config.siteOrigin)) return page(403, CROSS_SITE_PAGE);
    const token = readSessionToken(headers.get('cookie'), kit.config.isHttps);
    if ((await kit.sessions.authenticate(token)) === null) {
      return page(401, SIGN_IN_PAGE, token === null ? {} : { 'set-cookie': kit.clearCookie });
    }
    if (revisionId !== null) return showVersion(revisionId);
    const draft = await deps.draft.readDraft();
    if (draft === null) throw new Error('The site content was never seeded');
    const { indexHtml } = deps.renderSite(draft.content, new Date(kit.now()));
    return page(200, withNoindexMeta(indexHtml));
  };
}
