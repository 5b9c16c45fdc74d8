/**
 * The preview banner's stylesheet and script, served from the studio's own addresses rather
 * than inlined: the preview keeps the published page's CSP to the letter, and nothing of the
 * banner is in dist/ for a visitor's page to load.
 */
export const PREVIEW_BANNER_STYLE_PATH = '/studio/preview/banner.css';
export const PREVIEW_BANNER_SCRIPT_PATH = '/studio/preview/banner.js';

/**
 * Fixed to the bottom of the screen, clear of the page's own fixed header, and drawn in the
 * page's theme tokens reversed, so it reads as studio chrome in both themes; the body's extra
 * padding keeps the footer from hiding under it.
 */
export const PREVIEW_BANNER_STYLE = `
body { padding-bottom: 10rem; }
.preview-banner {
  position: fixed; inset-inline: 0; bottom: 0; z-index: 70;
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1.5rem;
  padding: 0.875rem 1.25rem; background: var(--ink); color: var(--paper);
  font-family: var(--font-sans, system-ui, sans-serif); font-size: 1rem; line-height: 1.5;
  box-shadow: 0 -4px 16px rgb(0 0 0 / 0.25);
}
.preview-banner__text { margin: 0; flex: 1 1 20rem; overflow-wrap: anywhere; }
.preview-banner__status { margin: 0; flex-basis: 100%; font-weight: 600; }
.preview-banner__status:empty { display: none; }
.preview-banner__actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem 1.25rem; }
.preview-banner__publish {
  min-height: 2.75rem; padding: 0.5rem 1.25rem; border: 0; border-radius: 9999px;
  background: var(--paper); color: var(--ink); font: inherit; font-weight: 600; cursor: pointer;
}
.preview-banner__publish[disabled] { opacity: 0.6; cursor: progress; }
.preview-banner__back {
  display: inline-flex; align-items: center; min-height: 2.75rem;
  color: var(--paper); font-weight: 600; text-decoration: underline; text-underline-offset: 3px;
}
.preview-banner :focus-visible { outline: 3px solid var(--paper); outline-offset: 3px; }
`;

/**
 * Publish sends the draft revision the preview showed (If-Match), so a draft changed since
 * the preview opened is never published unseen; the answer is said in the status line, which
 * then takes the focus, as the Publish button is gone once the draft is live.
 */
export const PREVIEW_BANNER_SCRIPT = `
const banner = document.querySelector('.preview-banner');
const publish = banner.querySelector('[data-preview-publish]');
const status = banner.querySelector('[data-preview-status]');
const refusals = {
  401: 'Not published: you are signed out. Sign in to the studio, then publish again.',
  412: 'Not published: the draft changed after this preview opened. Reload the preview to see it.',
  422: 'Not published: the draft is missing something the page needs. Back to editing shows what.',
};
const say = (text) => {
  status.textContent = text;
  status.focus();
};
publish.addEventListener('click', async () => {
  publish.disabled = true;
  status.textContent = 'Publishing…';
  try {
    const answer = await fetch('/api/studio/site/publish', {
      method: 'POST',
      headers: { accept: 'application/json', 'if-match': '"' + banner.dataset.revision + '"' },
    });
    if (answer.ok) {
      publish.hidden = true;
      banner.querySelector('[data-preview-note]').textContent = 'Published.';
      say(answer.status === 202
        ? 'Published, but not live yet: the page could not be built from it. Back to editing shows why.'
        : 'Published: this is now the page visitors see.');
      return;
    }
    say(refusals[answer.status] ?? 'Not published: the server answered ' + answer.status + '. Try again.');
  } catch {
    say('Not published: the server could not be reached. Try again.');
  }
  publish.disabled = false;
});
`;
