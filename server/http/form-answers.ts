import { escapeHtml } from '../../common/escape-html';
import type { FormPage, RenderedFormPage } from '../../common/form-page';
import type { HeaderRecord } from '../security-headers';

/** Renders a form page into a whole HTML document. */
export type RenderFormPage = (page: FormPage) => Promise<string>;

export type FormAnswers = {
  /** 303 to a prerendered page: the browser then GETs it, so a reload never posts again. */
  seeOther(path: string): Response;
  page(status: number, page: FormPage, extraHeaders?: HeaderRecord): Promise<Response>;
};

/** The answers a plain HTML form post gets: pages, never JSON. */
export function createFormAnswers(options: {
  securityHeaders: HeaderRecord;
  render: RenderFormPage;
}): FormAnswers {
  const base: HeaderRecord = { ...options.securityHeaders, 'cache-control': 'no-store' };
  const html: HeaderRecord = { ...base, 'content-type': 'text/html; charset=utf-8' };
  return {
    seeOther: (path) => new Response(null, { status: 303, headers: { ...base, location: path } }),
    async page(status, page, extraHeaders) {
      const body = await options.render(page);
      return new Response(body, { status, headers: { ...html, ...extraHeaders } });
    },
  };
}

const TITLE_MARKER = '<!--page-title-->';
const HTML_MARKER = '<!--app-html-->';

/** Puts a rendered page into the prerendered shell (same head, inlined styles and CSP hashes). */
export function fillShell(shell: string, page: RenderedFormPage): string {
  return shell
    .replace(TITLE_MARKER, () => escapeHtml(page.title))
    .replace(HTML_MARKER, () => page.html);
}
