import { describe, expect, it } from 'vitest';
import { firstScreenCss } from './first-screen-css';

const CSS =
  '@layer theme{:root{--ink:#111}}' +
  '@layer base{*,:before{box-sizing:border-box}html{color:var(--ink)}}' +
  '@layer utilities{.flex{display:flex}.grid{display:grid}.hidden{display:none}' +
  '.group-aria-expanded\\:block:is(:where(.group)[aria-expanded=true] *){display:block}' +
  '@media (width>=48rem){.md\\:grid{display:grid}.md\\:flex{display:flex}}' +
  '.dark .dark\\:text-white{color:#fff}.a,.b{color:red}}' +
  '@keyframes spin{to{transform:rotate(1turn)}}';

describe('the first screen’s rules', () => {
  const firstScreen =
    '<header class="flex group"><button class="group-aria-expanded:block md:flex"></button></header>' +
    '<h1 class="dark:text-white b">Hi</h1>';
  const kept = firstScreenCss(CSS, firstScreen);

  it('keeps every rule a first-screen class can make apply, in its at-rule', () => {
    expect(kept).toContain('.flex{display:flex}');
    expect(kept).toContain('@media (width>=48rem){.md\\:flex{display:flex}}');
    expect(kept).toContain('.group-aria-expanded\\:block:is(:where(.group)[aria-expanded=true] *)');
    // <html> is given `dark` by the theme script: its rules stay.
    expect(kept).toContain('.dark .dark\\:text-white{color:#fff}');
    // Of a list, only the selectors that can match.
    expect(kept).toContain('.b{color:red}');
    expect(kept).not.toContain('.a');
  });

  it('keeps the rules that name no class: the theme, the reset, keyframes', () => {
    expect(kept).toContain(':root{--ink:#111}');
    expect(kept).toContain('*,:before{box-sizing:border-box}');
    expect(kept).toContain('@keyframes spin{to{transform:rotate(1turn)}}');
  });

  it('leaves out what only the rest of the page uses, and a breakpoint left empty', () => {
    expect(kept).not.toContain('.grid{');
    expect(kept).not.toContain('md\\:grid');
    expect(kept).not.toContain('.hidden{');
    expect(firstScreenCss(CSS, '<p class="flex"></p>')).not.toContain('@media');
  });

  it('leaves what applies only without scripting to the linked stylesheet', () => {
    const face = '@font-face{font-family:Fraunces;src:url(/assets/f.woff2)}';
    const withFace = `@media (scripting:none){${face}}@media (width>=48rem){.flex{display:flex}}`;
    const inline = firstScreenCss(withFace, '<p class="flex"></p>');
    expect(inline).not.toContain('@font-face');
    expect(inline).not.toContain('scripting');
    expect(inline).toContain('@media (width>=48rem){.flex{display:flex}}');
  });

  it('registers only the custom properties a kept rule reads', () => {
    const registered =
      '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}' +
      '@layer utilities{.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}' +
      '.blur{filter:blur(var(--tw-blur))}}' +
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@property --tw-blur{syntax:"*";inherits:false}';
    const shadowOnly = firstScreenCss(registered, '<p class="shadow"></p>');
    expect(shadowOnly).toContain('@property --tw-shadow{');
    expect(shadowOnly).toContain('*,:before{--tw-shadow:0 0 #0000}');
    expect(shadowOnly).not.toContain('--tw-blur');
    // Nothing read at all: the fallback block and its at-rules go too.
    expect(firstScreenCss(registered, '<p class="flex"></p>')).not.toContain('@layer properties');
  });
});
