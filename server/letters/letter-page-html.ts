import { escapeHtml } from '../../common/escape-html';
import type { Block, Inline } from './letter-blocks';
import { LETTERS_FEED_PATH, LETTERS_PATH, letterPath } from './letter-paths';
import type { SentLetter, SentLetterSummary } from '../store/letters/published-letters';

/**
 * The letters' public pages, drawn with the site's own utilities only: each class here is one
 * the landing page already uses, so the shared stylesheet, and `/`'s first bytes, stay as
 * they are. Lists carry their marks as text, since the site's preflight takes list styles away.
 */

const LINK = 'text-ember underline underline-offset-4';
const HEADING_TAGS = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;
const HEADING_CLASSES = {
  1: 'mt-12 font-display text-2xl font-semibold tracking-tight',
  2: 'mt-10 font-display text-xl font-semibold',
  3: 'mt-8 text-lg font-semibold',
} as const;

function inlinesHtml(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
          return escapeHtml(inline.text);
        case 'strong':
          return `<strong>${inlinesHtml(inline.children)}</strong>`;
        case 'em':
          return `<em>${inlinesHtml(inline.children)}</em>`;
        case 'link':
          return `<a class="${LINK}" href="${escapeHtml(inline.href)}">${inlinesHtml(inline.children)}</a>`;
      }
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading': {
      const tag = HEADING_TAGS[block.level];
      return `<${tag} class="${HEADING_CLASSES[block.level]}">${inlinesHtml(block.children)}</${tag}>`;
    }
    case 'paragraph':
      return `<p class="mt-5 text-lg leading-relaxed">${inlinesHtml(block.children)}</p>`;
    case 'list': {
      const tag = block.isOrdered ? 'ol' : 'ul';
      const items = block.items
        .map((item, index) => {
          const mark = block.isOrdered ? `${index + 1}.` : '–';
          return `<li class="mt-2 flex gap-3"><span aria-hidden="true" class="shrink-0 text-ink-muted">${mark}</span><span>${inlinesHtml(item)}</span></li>`;
        })
        .join('');
      return `<${tag} class="mt-5 text-lg leading-relaxed">${items}</${tag}>`;
    }
    case 'image':
      return `<img class="mt-8 w-full rounded-xl" src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" loading="lazy" decoding="async">`;
    case 'button':
      return `<p class="mt-8"><a class="inline-flex min-h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:opacity-90" href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
    case 'rule':
      return '<hr class="mt-10 border-t border-line">';
  }
}

/** A letter's words as HTML, for its page and the feed's entries. */
export function renderLetterBlocksHtml(blocks: Block[]): string {
  return blocks.map(blockHtml).join('\n');
}

const BRAND_HEADER = [
  '<header class="border-b border-line"><div class="mx-auto flex h-18 max-w-3xl items-center px-5 sm:px-8">',
  '<a href="/" class="font-display text-xl font-semibold">Ember &amp; Ink</a>',
  '</div></header>',
].join('');

const framed = (main: string) =>
  `${BRAND_HEADER}<main id="main" class="mx-auto max-w-3xl px-5 py-14 sm:px-8 sm:py-20">${main}</main>`;

function timeHtml(sentAt: Date, formatDay: (date: Date) => string): string {
  return `<time datetime="${sentAt.toISOString()}">${escapeHtml(formatDay(sentAt))}</time>`;
}

/** `/letters`: the sent letters, newest first. */
export function renderArchiveHtml(
  letters: SentLetterSummary[],
  formatDay: (date: Date) => string,
): string {
  const items = letters
    .map(
      (letter) =>
        `<li class="mt-10"><h2><a class="font-display text-2xl font-semibold hover:text-ember" href="${escapeHtml(letterPath(letter.slug))}">${escapeHtml(letter.subject)}</a></h2>` +
        `<p class="mt-2 text-sm text-ink-muted">${timeHtml(letter.sentAt, formatDay)}</p>` +
        (letter.preview === ''
          ? ''
          : `<p class="mt-2 text-lg text-ink-muted">${escapeHtml(letter.preview)}</p>`) +
        '</li>',
    )
    .join('');
  const list =
    letters.length === 0
      ? '<p class="mt-10 text-lg">No letters yet.</p>'
      : `<ul class="mt-4">${items}</ul>`;
  return framed(
    '<h1 class="font-display text-4xl font-semibold tracking-tight">Letters</h1>' +
      `<p class="mt-4 text-lg text-ink-muted">Studio notes, as our subscribers got them. <a class="${LINK}" href="${LETTERS_FEED_PATH}">Follow the feed</a></p>` +
      list,
  );
}

/** `/letters/<slug>`: one sent letter. */
export function renderLetterHtml(
  letter: SentLetter,
  blocks: Block[],
  formatDay: (date: Date) => string,
): string {
  return framed(
    `<article><h1 class="font-display text-4xl font-semibold tracking-tight">${escapeHtml(letter.subject)}</h1>` +
      `<p class="mt-4 text-sm text-ink-muted">${timeHtml(letter.sentAt, formatDay)}</p>` +
      renderLetterBlocksHtml(blocks) +
      '</article>' +
      `<p class="mt-12"><a class="${LINK}" href="${LETTERS_PATH}">All letters</a></p>`,
  );
}
