import { MEDIA_PATH_PREFIX } from '../media/media-urls';

/**
 * A letter's words as the email and the page draw them (decision 0122): a few kinds of block
 * and inline, every URL already judged and absolute. Nothing in it is markup.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; isOrdered: boolean; items: Inline[][] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'button'; href: string; label: string }
  | { kind: 'rule' };

const HEADING = /^(#{1,3})[ \t](.*)$/;
/** A heading's closing hashes (`## Title ##`), which are not its words. */
const CLOSING_HASHES = /[ \t]#+$/;
const BULLET_ITEM = /^[-*+][ \t](.*)$/;
const NUMBERED_ITEM = /^[0-9]{1,9}[.)][ \t](.*)$/;
const IMAGE_LINE = /^!\[([^\]\n]*)\]\(([^()\s]+)(?:[ \t]+"[^"\n]*")?\)$/;
const RULE = /^(?:-[ \t]*){3,}$|^(?:\*[ \t]*){3,}$|^(?:_[ \t]*){3,}$/;
/** A paragraph holding only a link whose text starts with an arrow is a button. */
const BUTTON_ARROW = /^(?:→|->)[ \t]*/;
const ESCAPABLE = new Set('\\`*_{}[]()#+-.!>~|→');

/** Where a link may go: the web and email. Site paths are made absolute on the site. */
export function judgeLinkHref(raw: string, siteOrigin: string): string | null {
  const href = raw.trim();
  if (href.startsWith('/') && !href.startsWith('//')) return `${siteOrigin}${href}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
}

/** An image shows only from the site's own media: no other server learns who opened a letter. */
export function judgeImageSrc(raw: string, siteOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), siteOrigin);
  } catch {
    return null;
  }
  const isOwnMedia = url.origin === siteOrigin && url.pathname.startsWith(MEDIA_PATH_PREFIX);
  return isOwnMedia && url.search === '' ? url.href : null;
}

type InlineOptions = {
  siteOrigin: string;
  allowsStrong: boolean;
  allowsEm: boolean;
  allowsLink: boolean;
};

/**
 * Finds the next occurrence of a token at or after a position that only moves forward, keeping
 * the last answer: however many openers never close, the text is searched once per token.
 */
function createForwardFinder(text: string) {
  const kept = new Map<string, number>();
  return (token: string, from: number): number => {
    const last = kept.get(token);
    if (last !== undefined && (last === -1 || last >= from)) return last;
    const found = text.indexOf(token, from);
    kept.set(token, found);
    return found;
  };
}

/**
 * Reads `**strong**`, `*em*` or `_em_`, `[text](url)` and backslash escapes. Each kind nests
 * only inside the others, so the depth is at most three, and each level reads its text once.
 */
function readInlines(text: string, options: InlineOptions): Inline[] {
  const inlines: Inline[] = [];
  const find = createForwardFinder(text);
  let plain = '';
  const push = (inline: Inline) => {
    if (plain !== '') inlines.push({ kind: 'text', text: plain });
    plain = '';
    inlines.push(inline);
  };
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    const next = text.charAt(at + 1);
    if (char === '\\' && ESCAPABLE.has(next)) {
      plain += next;
      at += 2;
      continue;
    }
    if (options.allowsStrong && char === '*' && next === '*') {
      const close = find('**', at + 2);
      if (close > at + 2) {
        const inner = readInlines(text.slice(at + 2, close), { ...options, allowsStrong: false });
        push({ kind: 'strong', children: inner });
        at = close + 2;
        continue;
      }
    }
    // `_` inside a word (snake_case) is a letter, not a mark.
    const isMarkStart =
      char === '*' || (char === '_' && !/[\p{L}\p{N}]/u.test(text.charAt(at - 1)));
    if (options.allowsEm && isMarkStart && next !== char && next.trim() !== '') {
      const close = find(char, at + 1);
      if (close > at + 1) {
        const inner = readInlines(text.slice(at + 1, close), { ...options, allowsEm: false });
        push({ kind: 'em', children: inner });
        at = close + 1;
        continue;
      }
    }
    const isImage = char === '!' && next === '[';
    if (options.allowsLink && (char === '[' || isImage)) {
      const open = isImage ? at + 1 : at;
      const close = find('](', open + 1);
      const end = close === -1 ? -1 : find(')', close + 2);
      const inner = find('[', open + 1);
      const isNested = inner !== -1 && inner < close;
      if (close !== -1 && end !== -1 && !isNested) {
        const words = text.slice(open + 1, close);
        const href = judgeLinkHref(text.slice(close + 2, end), options.siteOrigin);
        // An image inside text shows as its words: images are blocks of their own.
        const children = isImage
          ? [{ kind: 'text' as const, text: words }]
          : readInlines(words, { ...options, allowsLink: false });
        if (href === null || isImage) {
          for (const child of children) {
            if (child.kind === 'text') plain += child.text;
            else push(child);
          }
        } else {
          push({ kind: 'link', href, children });
        }
        at = end + 1;
        continue;
      }
    }
    plain += char;
    at += 1;
  }
  if (plain !== '') inlines.push({ kind: 'text', text: plain });
  return inlines;
}

/** The words of inlines without their marks, for the plain text and a button's label. */
export function wordsOf(inlines: Inline[]): string {
  return inlines
    .map((inline) => (inline.kind === 'text' ? inline.text : wordsOf(inline.children)))
    .join('');
}

function paragraphOf(inlines: Inline[]): Block {
  const only = inlines.length === 1 ? inlines[0] : undefined;
  if (only?.kind === 'link') {
    const words = wordsOf(only.children);
    if (BUTTON_ARROW.test(words)) {
      return { kind: 'button', href: only.href, label: words.replace(BUTTON_ARROW, '').trim() };
    }
  }
  return { kind: 'paragraph', children: inlines };
}

type ListItemLine = { isOrdered: boolean; text: string };

function listItemOf(line: string): ListItemLine | null {
  const bullet = BULLET_ITEM.exec(line);
  if (bullet !== null) return { isOrdered: false, text: bullet[1] ?? '' };
  const numbered = NUMBERED_ITEM.exec(line);
  return numbered === null ? null : { isOrdered: true, text: numbered[1] ?? '' };
}

/** A line that starts a block of its own, ending a paragraph or a list item before it. */
function startsBlock(line: string): boolean {
  return (
    HEADING.test(line) || RULE.test(line) || IMAGE_LINE.test(line) || listItemOf(line) !== null
  );
}

/**
 * Reads a letter's Markdown (the subset of decision 0122) into blocks, in one pass over its
 * lines. Anything else, raw HTML among it, is text; a link to anywhere but the web or email is
 * its words alone; an image from anywhere but the site's media is its alt text.
 */
export function readLetterBlocks(markdown: string, siteOrigin: string): Block[] {
  const inline = (text: string) =>
    readInlines(text.trim(), { siteOrigin, allowsStrong: true, allowsEm: true, allowsLink: true });
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let at = 0;
  while (at < lines.length) {
    const line = (lines[at] ?? '').trim();
    if (line === '') {
      at += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3;
      blocks.push({
        kind: 'heading',
        level,
        children: inline((heading[2] ?? '').trim().replace(CLOSING_HASHES, '')),
      });
      at += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      at += 1;
      continue;
    }
    const image = IMAGE_LINE.exec(line);
    if (image !== null) {
      const alt = (image[1] ?? '').trim();
      const src = judgeImageSrc(image[2] ?? '', siteOrigin);
      if (src !== null) blocks.push({ kind: 'image', src, alt });
      else if (alt !== '')
        blocks.push({ kind: 'paragraph', children: [{ kind: 'text', text: alt }] });
      at += 1;
      continue;
    }
    const first = listItemOf(line);
    if (first !== null) {
      const items: string[] = [];
      while (at < lines.length) {
        const itemLine = (lines[at] ?? '').trim();
        const item = listItemOf(itemLine);
        if (item?.isOrdered === first.isOrdered) items.push(item.text);
        else if (item === null && itemLine !== '' && !startsBlock(itemLine) && items.length > 0) {
          items[items.length - 1] += ` ${itemLine}`;
        } else break;
        at += 1;
      }
      blocks.push({ kind: 'list', isOrdered: first.isOrdered, items: items.map(inline) });
      continue;
    }
    const words: string[] = [];
    while (at < lines.length) {
      const paragraphLine = (lines[at] ?? '').trim();
      if (paragraphLine === '' || (words.length > 0 && startsBlock(paragraphLine))) break;
      words.push(paragraphLine);
      at += 1;
    }
    blocks.push(paragraphOf(inline(words.join(' '))));
  }
  return blocks;
}
