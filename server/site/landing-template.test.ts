import { describe, expect, it } from 'vitest';
import { fillLandingTemplate, splitLandingTemplate } from './landing-template';

const TEMPLATE =
  '<head><!--app-head--><link rel="preload"></head><body><!--app-html--><script></script></body>';

describe('the landing template', () => {
  it('puts the head and the body where its markers are, whatever text they hold', () => {
    const template = splitLandingTemplate(TEMPLATE);
    expect(fillLandingTemplate(template, "<title>$'</title>", '<p>$& <!--app-head--></p>')).toBe(
      '<head><title>$\'</title><link rel="preload"></head><body><p>$& <!--app-head--></p><script></script></body>',
    );
  });

  it('refuses a template without each marker exactly once, in order', () => {
    expect(() => splitLandingTemplate('<head></head><body><!--app-html--></body>')).toThrow(
      /<!--app-head--> exactly once/,
    );
    expect(() => splitLandingTemplate(TEMPLATE.replace('<body>', '<body><!--app-html-->'))).toThrow(
      /<!--app-html--> exactly once/,
    );
    expect(() => splitLandingTemplate('<!--app-html--><!--app-head-->')).toThrow(/before/);
  });
});
