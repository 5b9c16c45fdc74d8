import type { HeaderRecord } from '../../security-headers';
import type { RenderSite } from '../../site/render-site';
import type { SiteContentRepository } from '../../store/site/site-content-repository';
import { isCrossSite } from '../cross-site';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readSessionToken } from '../session-cookie';
import type { StudioKit } from '../studio-kit';
import { STUDIO_HEADERS } from '../studio-responses';
import { DRAFT_PREVIEW_TITLE, withPreviewBanner } from './preview-banner';
import {
  PREVIEW_BANNER_SCRIPT,
  PREVIEW_BANNER_SCRIPT_PATH,
  PREVIEW_BANNER_STYLE,
  PREVIEW_BANNER_STYLE_PATH,
} from './preview-banner-assets';
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

type Page = { status: number; html: string; extra?: HeaderRecord };
type Asset = { type: string; body: string };

/** The banner's files, by address: staff-only like the preview that loads them. */
const BANNER_ASSETS: ReadonlyMap<string, Asset> = new Map([
  [PREVIEW_BANNER_STYLE_PATH, { type: 'text/css; charset=utf-8', body: PREVIEW_BANNER_STYLE }],
  [
    PREVIEW_BANNER_SCRIPT_PATH,
    { type: 'text/javascript; charset=utf-8', body: PREVIEW_BANNER_SCRIPT },
  ],
]);

/** The preview banner's stylesheet and script addresses. */
export const PREVIEW_BANNER_PATHS = [...BANNER_ASSETS.keys()];

/**
 * GET /studio/preview: the draft through the same render as the published page, under the same
 * CSP, for signed-in staff only; never stored by a cache, never indexed, never written to dist.
 * The banner that says so is added to the rendered page, never to the render. With
 * `?revision=<history id>`, an old publish instead, so it can be seen before a restore; it says
 * which version it is and offers no Publish (a restore goes through the history).
 * GET of a PREVIEW_BANNER_PATHS address: that file of the banner, to the same staff only.
 */
export function createPreviewHandler(deps: {
  kit: StudioKit;
  draft: Pick<SiteContentRepository, 'readDraft' | 'readSiteRevision'>;
  renderSite: RenderSite;
  securityHeaders: HeaderRecord;
}): (path: string, headers: Headers, revisionId: string | null) => Promise<Response> {
  const { kit } = deps;
  const answer = (status: number, body: string, type: string, extra: HeaderRecord = {}) =>
    new Response(body, {
      status,
      headers: { ...deps.securityHeaders, ...STUDIO_HEADERS, 'content-type': type, ...extra },
    });
  const page = ({ status, html, extra }: Page) =>
    answer(status, html, 'text/html; charset=utf-8', extra);

  /** The refusal page for a request that is not a signed-in staff member's, or null. */
  const refusalFor = async (headers: Headers): Promise<Page | null> => {
    if (isCrossSite(headers, kit.config.siteOrigin)) return { status: 403, html: CROSS_SITE_PAGE };
    const token = readSessionToken(headers.get('cookie'), kit.config.isHttps);
    if ((await kit.sessions.authenticate(token)) !== null) return null;
    return {
      status: 401,
      html: SIGN_IN_PAGE,
      extra: token === null ? {} : { 'set-cookie': kit.clearCookie },
    };
  };

  const showVersion = async (id: string) => {
    const version = isWellFormedId(id) ? await deps.draft.readSiteRevision(id) : null;
    if (version === null) return page({ status: 404, html: NO_SUCH_VERSION_PAGE });
    const { indexHtml } = deps.renderSite(version.content, version.publishedAt);
    const html = withVersionNote(withNoindexMeta(indexHtml), version.publishedAt, kit.config);
    return page({ status: 200, html });
  };

  return async (path, headers, revisionId) => {
    const refusal = await refusalFor(headers);
    if (refusal !== null) return page(refusal);
    const asset = BANNER_ASSETS.get(path);
    if (asset !== undefined) return answer(200, asset.body, asset.type);
    if (revisionId !== null) return showVersion(revisionId);
    const draft = await deps.draft.readDraft();
    if (draft === null) throw new Error('The site content was never seeded');
    const { indexHtml } = deps.renderSite(draft.content, new Date(kit.now()));
    const subject = { title: DRAFT_PREVIEW_TITLE, revision: draft.revision };
    return page({ status: 200, html: withPreviewBanner(withNoindexMeta(indexHtml), subject) });
  };
}
