import { describe, expect, it } from 'vitest';
import { firstScreenCss } from './first-screen-css';
import { restOfStylesheet } from './rest-of-stylesheet';

const FACE = '@font-face{font-family:Serif fallback;src:local(Georgia);size-adjust:110%}';
const WHOLE =
  FACE +
  '@layer theme{:root{--ink:#111}}' +
  '@layer base{*,:before{box-sizing:border-box}html{color:var(--ink)}}' +
  '@layer utilities{.flex{display:flex}.grid{display:grid}.px-4{padding-inline:1rem}' +
  '.pl-2{padding-left:.5rem}.mt-4{margin-top:1rem}' +
  '@media (width>=48rem){.md\\:mt-2{margin-top:.5rem}}' +
  '@media (width>=64rem){.lg\\:mt-8{margin-top:2rem}}}' +
  '@property --tw-shadow{syntax:"*";inherits:false}' +
  '@keyframes spin{to{transform:rotate(1turn)}}';

function restFor(firstScreen: string): string {
  return restOfStylesheet(WHOLE, firstScreenCss(WHOLE, firstScreen));
}

describe('the rest of the landing page’s stylesheet', () => {
  it('declares no font face, property or keyframes the inline rules declare', () => {
    const rest = restFor('<p class="flex"></p>');
    expect(rest).not.toContain('@font-face');
    expect(rest).not.toContain('@keyframes');
    // The inline rules registered no property nothing there reads; the rest registers it.
    expect(rest).toContain('@property --tw-shadow');
  });

  it('leaves out the first screen’s rules and keeps the rest of the page’s', () => {
    const rest = restFor('<p class="flex mt-4"></p>');
    expect(rest).not.toContain('.flex{');
    expect(rest).not.toContain(':root{');
    expect(rest).not.toContain('box-sizing');
    expect(rest).toContain('.grid{display:grid}');
    expect(rest).toContain('.md\\:mt-2{margin-top:.5rem}');
  });

  it('keeps a first-screen rule that a kept rule before it would otherwise beat by order', () => {
    // Below the fold: class="md:mt-2 lg:mt-8". With lg:mt-8 only inline, md:mt-2 (in the rest,
    // after it) would win on a wide screen: the rest must repeat lg:mt-8 after md:mt-2.
    const rest = restFor('<p class="lg:mt-8"></p>');
    expect(rest).toContain('.md\\:mt-2{margin-top:.5rem}');
    expect(rest.indexOf('.lg\\:mt-8{')).toBeGreaterThan(rest.indexOf('.md\\:mt-2{'));
    // A shorthand and its longhand are one property for this: pl-2 follows px-4.
    const padding = restFor('<p class="pl-2"></p>');
    expect(padding).toContain('.pl-2{padding-left:.5rem}');
  });

  it('drops a first-screen rule when the kept rules before it set other properties', () => {
    const rest = restFor('<p class="mt-4"></p>');
    expect(rest).toContain('.grid{display:grid}');
    expect(rest).not.toContain('.mt-4{');
  });
});
