import { describe, expect, it } from 'vitest';
import { SITE_STYLESHEET_STAND_IN } from '../../common/site-stylesheet';
import {
  fillLandingTemplate,
  nameStylesheetInTemplate,
  splitLandingTemplate,
} from './landing-template';

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

  it('links the built stylesheet where the page put its stand-in, and nowhere else', () => {
    const template = splitLandingTemplate(
      nameStylesheetInTemplate(TEMPLATE, '/assets/index-AbC_12.css'),
    );
    const standIn = `<link rel="stylesheet" href="${SITE_STYLESHEET_STAND_IN}"/>`;
    // Typed text is escaped by the render: it can name the stand-in's address, never its tag.
    const body = `<h1>Hi</h1>${standIn}<p>${SITE_STYLESHEET_STAND_IN}</p>`;
    expect(fillLandingTemplate(template, '', body)).toBe(
      '<head><link rel="preload"></head><body><h1>Hi</h1><link rel="stylesheet" href="/assets/index-AbC_12.css"/>' +
        `<p>${SITE_STYLESHEET_STAND_IN}</p><script></script></body>`,
    );
    expect(() => fillLandingTemplate(splitLandingTemplate(TEMPLATE), '', body)).toThrow(
      /names none/,
    );
    expect(() => nameStylesheetInTemplate(TEMPLATE, 'https://cdn.example/x.css')).toThrow(
      /Not a built stylesheet/,
    );
  });
});
