import { PREVIEW_BANNER_SCRIPT_PATH, PREVIEW_BANNER_STYLE_PATH } from './preview-banner-assets';

/** The banner's title for the unpublished draft; a past version names itself instead. */
export const DRAFT_PREVIEW_TITLE = 'Draft preview';

/** What the preview shows: its title, and the draft revision that Publish would publish. */
export type PreviewSubject = { title: string; revision: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The banner at the top of the preview: a named region that says the page is not published,
 * with Publish (the script at PREVIEW_BANNER_SCRIPT_PATH sends it) and Back to editing. It is
 * added to the rendered page here, never to the render itself, so no visitor's page has it.
 */
export function renderPreviewBanner({ title, revision }: PreviewSubject): string {
  const name = escapeHtml(title);
  return [
    `<section class="preview-banner" aria-label="${name}" data-revision="${escapeHtml(revision)}">`,
    `<p class="preview-banner__text"><strong>${name}</strong> `,
    '<span data-preview-note>Not published: visitors do not see these changes until you publish them.</span></p>',
    '<p class="preview-banner__status" role="status" tabindex="-1" data-preview-status></p>',
    '<div class="preview-banner__actions">',
    '<button type="button" class="preview-banner__publish" data-preview-publish>Publish</button>',
    '<a class="preview-banner__back" href="/studio/site">Back to editing</a>',
    '</div></section>',
  ].join('');
}

/**
 * The rendered page with the banner's stylesheet and script in the head and the banner last in
 * the body: it sits at the bottom of the screen, so it comes last in the reading order too.
 */
export function withPreviewBanner(html: string, subject: PreviewSubject): string {
  const assets = `<link rel="stylesheet" href="${PREVIEW_BANNER_STYLE_PATH}"><script type="module" src="${PREVIEW_BANNER_SCRIPT_PATH}"></script>`;
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd === -1 || bodyEnd === -1) throw new Error('The rendered page has no head or body.');
  return (
    html.slice(0, headEnd) +
    assets +
    html.slice(headEnd, bodyEnd) +
    renderPreviewBanner(subject) +
    html.slice(bodyEnd)
  );
}
