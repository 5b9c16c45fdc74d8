import path from 'node:path';

/** Written by the prerender; never served as it is (dist/pages is not dist/client). */
export const LANDING_TEMPLATE_FILE = path.join('pages', 'landing-template.html');

export const HEAD_MARKER = '<!--app-head-->';
export const BODY_MARKER = '<!--app-html-->';

/** The landing page's shell around the two places a render fills: the head's and the body's. */
export type LandingTemplate = { beforeHead: string; betweenMarkers: string; afterBody: string };

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
export function splitLandingTemplate(html: string): LandingTemplate {
  const head = onlyOnce(html, HEAD_MARKER);
  const body = onlyOnce(html, BODY_MARKER);
  if (body < head) throw new Error(`${HEAD_MARKER} must come before ${BODY_MARKER}.`);
  return {
    beforeHead: html.slice(0, head),
    betweenMarkers: html.slice(head + HEAD_MARKER.length, body),
    afterBody: html.slice(body + BODY_MARKER.length),
  };
}

export function fillLandingTemplate(template: LandingTemplate, head: string, body: string): string {
  return template.beforeHead + head + template.betweenMarkers + body + template.afterBody;
}
