import { escapeHtml } from '../../common/escape-html';
import type { Block, Inline } from './letter-blocks';

/**
 * A letter's email as HTML that the common mail clients draw alike: tables for the layout,
 * inline styles for light, and dark colours in a `prefers-color-scheme` rule (and Outlook.com's
 * `[data-ogsc]`) for the clients that honour them. Everything the document holds is made here,
 * so a library's templates can take its place in this one module (decision 0122).
 */

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";
const LIGHT = {
  page: '#faf6f0',
  card: '#ffffff',
  text: '#1c1720',
  muted: '#6b6258',
  accent: '#c2410c',
};
const DARK = {
  page: '#141118',
  card: '#1c1720',
  text: '#f3ece2',
  muted: '#b8aea3',
  accent: '#fb8a4c',
};
const CONTENT_WIDTH = 536;

const DARK_RULES = [
  `.letter-page{background-color:${DARK.page} !important}`,
  `.letter-card{background-color:${DARK.card} !important}`,
  `.letter-text{color:${DARK.text} !important}`,
  `.letter-muted{color:${DARK.muted} !important}`,
  `.letter-link{color:${DARK.accent} !important}`,
  `.letter-button{background-color:${DARK.accent} !important;color:${DARK.page} !important}`,
];
const STYLE = [
  ':root{color-scheme:light dark;supported-color-schemes:light dark}',
  `@media (prefers-color-scheme: dark){${DARK_RULES.join('')}}`,
  ...DARK_RULES.map((rule) => `[data-ogsc] ${rule}`),
].join('\n');

const TEXT_STYLE = `font-family:${FONT};color:${LIGHT.text};font-size:16px;line-height:1.6`;
const LINK_STYLE = `color:${LIGHT.accent};text-decoration:underline`;
const HEADING_SIZES = { 1: 26, 2: 21, 3: 18 } as const;

/** The parts of a link the renderer needs: where it goes, marked for the email. */
export type EmailLinks = { mark: (href: string) => string };

function inlinesHtml(inlines: Inline[], links: EmailLinks): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
          return escapeHtml(inline.text);
        case 'strong':
          return `<strong>${inlinesHtml(inline.children, links)}</strong>`;
        case 'em':
          return `<em>${inlinesHtml(inline.children, links)}</em>`;
        case 'link':
          return `<a class="letter-link" href="${escapeHtml(links.mark(inline.href))}" style="${LINK_STYLE}">${inlinesHtml(inline.children, links)}</a>`;
      }
    })
    .join('');
}

function blockHtml(block: Block, links: EmailLinks): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level} class="letter-text" style="margin:28px 0 12px;font-family:${FONT};color:${LIGHT.text};font-size:${HEADING_SIZES[block.level]}px;line-height:1.3">${inlinesHtml(block.children, links)}</h${block.level}>`;
    case 'paragraph':
      return `<p class="letter-text" style="margin:0 0 16px;${TEXT_STYLE}">${inlinesHtml(block.children, links)}</p>`;
    case 'list': {
      const tag = block.isOrdered ? 'ol' : 'ul';
      const items = block.items
        .map((item) => `<li style="margin:0 0 6px">${inlinesHtml(item, links)}</li>`)
        .join('');
      return `<${tag} class="letter-text" style="margin:0 0 16px;padding-left:24px;${TEXT_STYLE}">${items}</${tag}>`;
    }
    case 'image':
      return `<p style="margin:0 0 16px"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${CONTENT_WIDTH}" style="display:block;width:100%;max-width:${CONTENT_WIDTH}px;height:auto;border:0;border-radius:8px"></p>`;
    case 'button':
      return [
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>',
        `<td class="letter-button" bgcolor="${LIGHT.accent}" style="border-radius:999px;background-color:${LIGHT.accent}">`,
        `<a class="letter-button" href="${escapeHtml(links.mark(block.href))}" style="display:inline-block;padding:12px 28px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(block.label)}</a>`,
        '</td></tr></table>',
      ].join('');
    case 'rule':
      return `<hr style="margin:24px 0;border:0;border-top:1px solid ${LIGHT.muted}">`;
  }
}

/** Zero-width padding after the preheader, so a client shows no body text after it. */
const PREHEADER_PADDING = '&#847;&zwnj;&nbsp;'.repeat(60);

export type LetterEmailFrame = {
  subject: string;
  preview: string;
  blocks: Block[];
  /** The letter's page on the site, marked for the email. */
  pageUrl: string;
  links: EmailLinks;
};

/**
 * The letter's email with a gap where each recipient's unsubscribe link goes: the whole of it
 * is drawn once per letter, and a copy is the two halves around its own escaped URL.
 */
export function renderLetterEmailHtml(frame: LetterEmailFrame): {
  beforeUnsubscribe: string;
  afterUnsubscribe: string;
} {
  const body = frame.blocks.map((block) => blockHtml(block, frame.links)).join('\n');
  const footerText = `font-family:${FONT};font-size:13px;line-height:1.5;color:${LIGHT.muted}`;
  const beforeUnsubscribe = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(frame.subject)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    `<body class="letter-page" style="margin:0;padding:0;background-color:${LIGHT.page}">`,
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${LIGHT.page}">${escapeHtml(frame.preview)}${PREHEADER_PADDING}</div>`,
    `<table role="presentation" class="letter-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${LIGHT.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">`,
    `<tr><td class="letter-muted" style="padding:0 32px 16px;${footerText};font-size:15px;font-weight:600">Ember &amp; Ink</td></tr>`,
    `<tr><td class="letter-card" style="padding:32px;background-color:${LIGHT.card};border-radius:12px">`,
    `<h1 class="letter-text" style="margin:0 0 20px;font-family:${FONT};color:${LIGHT.text};font-size:28px;line-height:1.25">${escapeHtml(frame.subject)}</h1>`,
    body,
    '</td></tr>',
    `<tr><td class="letter-muted" style="padding:20px 32px;${footerText}">`,
    `<p style="margin:0 0 8px"><a class="letter-link" href="${escapeHtml(frame.pageUrl)}" style="${LINK_STYLE}">Read this letter on our site</a></p>`,
    '<p style="margin:0">You get Studio notes because you subscribed on our site. ',
    `<a class="letter-link" style="${LINK_STYLE}" href="`,
  ].join('\n');
  const afterUnsubscribe = [
    '">Unsubscribe</a></p>',
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
  return { beforeUnsubscribe, afterUnsubscribe };
}
