import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="\/(assets\/[\w.-]+\.css)"[^>]*>/g;
const SVG_FAVICON = /<link rel="icon" href="\/(favicon\.svg)" type="image\/svg\+xml" \/>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*\bsrc="(\/assets\/[\w.-]+\.js)"[^>]*><\/script>/g;

function onlyMatch(html: string, pattern: RegExp, what: string): RegExpExecArray {
  const matches = [...html.matchAll(pattern)];
  if (matches.length !== 1 || matches[0] === undefined) {
    throw new Error(`Expected one ${what} in the built index.html, found ${matches.length}.`);
  }
  return matches[0];
}

/**
 * Replaces the built stylesheet link with the stylesheet itself, or with the part of it that
 * `select` keeps (the landing page's first screen, 0079). The CSS is a few kilobytes
 * compressed, so a phone paints from the HTML alone instead of waiting one more round trip for
 * a render-blocking file. Returns the page, the file's address and the rules put in.
 */
export async function inlineStylesheet(
  template: string,
  clientDir: string,
  select: (css: string) => string = (css) => css,
): Promise<{ html: string; href: string; css: string }> {
  const [link, file = ''] = onlyMatch(template, STYLESHEET_LINK, 'stylesheet link');
  const css = select((await readFile(join(clientDir, file), 'utf8')).trim());
  if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains "</style".`);
  return { html: template.replace(link, () => `<style>${css}</style>`), href: `/${file}`, css };
}

/** Percent-encodes only what a URL in a double-quoted attribute may not hold: shorter than encodeURIComponent. */
function svgUrlEncode(svg: string): string {
  return svg
    .replaceAll('"', "'")
    .replace(/\s+/g, ' ')
    .replace(
      /[%#<>{}\s]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
    );
}

/**
 * Puts the SVG favicon into the page as a data URL (decision 0085). Chromium asks for a
 * favicon file right after the load event, which on a page this small can come before the
 * first frame is on screen; Lighthouse then counts the icon's round trip into the largest
 * paint. Inline, there is no request to count, and the tab shows the icon at once.
 * favicon.ico stays a file for browsers without SVG icons.
 */
export async function inlineSvgFavicon(template: string, clientDir: string): Promise<string> {
  const [link, file = ''] = onlyMatch(template, SVG_FAVICON, 'SVG favicon link');
  const svg = (await readFile(join(clientDir, file), 'utf8')).trim();
  const href = `data:image/svg+xml,${svgUrlEncode(svg)}`;
  return template.replace(link, () => `<link rel="icon" href="${href}" type="image/svg+xml" />`);
}

/**
 * Until the island loader runs, a click on an island's button or a form's submission is held
 * in `window.__islandEvents` (the loader replays them once the island has hydrated), so a tap
 * in the first moments after the first paint is not lost. If the script cannot load, held
 * submissions go ahead as plain form posts.
 */
const HOLD_EARLY_EVENTS = `var w=window,held=[];w.__islandEvents={held:held,isStarted:false};function hold(e){var t=e.target;if(w.__islandEvents.isStarted||!(t instanceof Element)||!t.closest('[data-island]'))return;if(e.type==='submit'){e.preventDefault();held.push(e)}else{var b=t.closest('button');if(b&&b.type!=='submit')held.push(e)}}addEventListener('click',hold,true);addEventListener('submit',hold,true);`;

/**
 * The loader that imports the entry once the browser reports the first contentful paint (the
 * frame is on screen, not just painted). Browsers without paint timing import it after the
 * next frame instead. If the script cannot load, the page goes back to its no-JavaScript
 * styles, so no control shows that would not work.
 */
function entryLoader(src: string): string {
  const load = `function(){import(${JSON.stringify(src)}).catch(function(){document.documentElement.classList.replace('js','no-js');w.__islandEvents.isStarted=true;held.forEach(function(e){if(e.type==='submit')e.target.requestSubmit(e.submitter)})})}`;
  return `(function(){${HOLD_EARLY_EVENTS}(function(load){var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();load()}}).observe({type:'paint',buffered:true})}else{requestAnimationFrame(function(){setTimeout(load)})}})(${load})})()`;
}

/**
 * Replaces the entry module script with a loader that imports it after the first paint. The
 * prerendered page is complete without JavaScript and hydration only adds behaviour, so on a
 * slow phone the script must not take bandwidth, parse time or main-thread time from the
 * first paint.
 */
export function loadEntryAfterFirstPaint(template: string): string {
  const [script, src = ''] = onlyMatch(template, ENTRY_SCRIPT, 'entry module script');
  return appendEntryLoader(template.replace(script, ''), src);
}

/** Ends the body with the loader that imports `src` after the first paint (entryLoader). */
export function appendEntryLoader(template: string, src: string): string {
  if (!template.includes('</body>')) throw new Error('The page has no </body>.');
  return template.replace('</body>', () => `<script>${entryLoader(src)}</script>\n  </body>`);
}

/**
 * The page shell without the entry script, for pages the server renders at run time: they
 * answer a form post, so their URL is the API's and the app could not hydrate them.
 */
export function removeEntryScript(template: string): string {
  const [script] = onlyMatch(template, ENTRY_SCRIPT, 'entry module script');
  return template.replace(script, '');
}
