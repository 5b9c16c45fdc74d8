import path from 'node:path';
import { SITE_STYLESHEET_STAND_IN } from '../../common/site-stylesheet';

/** Written by the prerender; never served as it is (dist/pages is not dist/client). */
export const LANDING_TEMPLATE_FILE = path.join('pages', 'landing-template.html');

/**
 * The built pages made from this template, `/` and the 404 page: they carry a policy of its
 * inline code alone (decision 0086), which the prerender lists and the server sends.
 */
export const LANDING_TEMPLATE_PAGES: ReadonlySet<string> = new Set(['index.html', '404.html']);

export const HEAD_MARKER = '<!--app-head-->';
export const BODY_MARKER = '<!--app-html-->';

/**
 * The landing page's shell around the two places a render fills (the head's and the body's),
 * and the built stylesheet the body links after its first screen (0079), if the build made one.
 */
export type LandingTemplate = {
  beforeHead: string;
  betweenMarkers: string;
  afterBody: string;
  stylesheetHref: string | null;
};

/** The template file's first line names the built stylesheet; it is not part of the page. */
const STYLESHEET_LINE = /^<!--site-stylesheet (\/assets\/[\w.-]+\.css)-->\n/;
/** The link as React renders the stand-in: only the page's own component makes this tag. */
const STAND_IN_LINK = `<link rel="stylesheet" href="${SITE_STYLESHEET_STAND_IN}"/>`;

/** The template as the prerender writes it: the page's shell, its stylesheet named first. */
export function nameStylesheetInTemplate(html: string, stylesheetHref: string): string {
  const line = `<!--site-stylesheet ${stylesheetHref}-->\n`;
  if (!STYLESHEET_LINE.test(line)) throw new Error(`Not a built stylesheet: ${stylesheetHref}`);
  return line + html;
}

function onlyOnce(html: string, marker: string): number {
  const at = html.indexOf(marker);
  if (at === -1 || html.indexOf(marker, at + marker.length) !== -1) {
    throw new Error(`The landing template must hold ${marker} exactly once.`);
  }
  return at;
}

/**
 * Cuts the template at its markers once, so a render is joined around them: no text in the
 * content can be taken for a marker or a replacement pattern (`$&`, `$'`) of String.replace.
 */
export function splitLandingTemplate(file: string): LandingTemplate {
  const named = STYLESHEET_LINE.exec(file);
  const html = named === null ? file : file.slice(named[0].length);
  const head = onlyOnce(html, HEAD_MARKER);
  const body = onlyOnce(html, BODY_MARKER);
  if (body < head) throw new Error(`${HEAD_MARKER} must come before ${BODY_MARKER}.`);
  return {
    beforeHead: html.slice(0, head),
    betweenMarkers: html.slice(head + HEAD_MARKER.length, body),
    afterBody: html.slice(body + BODY_MARKER.length),
    stylesheetHref: named?.[1] ?? null,
  };
}

export function fillLandingTemplate(template: LandingTemplate, head: string, body: string): string {
  let page = body;
  if (body.includes(STAND_IN_LINK)) {
    if (template.stylesheetHref === null) {
      throw new Error('The page links its stylesheet, but the landing template names none.');
    }
    const link = `<link rel="stylesheet" href="${template.stylesheetHref}"/>`;
    page = body.replace(STAND_IN_LINK, () => link);
  }
  return template.beforeHead + head + template.betweenMarkers + page + template.afterBody;
}
