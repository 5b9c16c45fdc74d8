import { wordsOf, type Block, type Inline } from './letter-blocks';
import type { EmailLinks } from './letter-email-html';

/** A link's words with its address after them, as a plain-text reader can follow it. */
function inlinesText(inlines: Inline[], links: EmailLinks): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
          return inline.text;
        case 'strong':
          return `*${inlinesText(inline.children, links)}*`;
        case 'em':
          return `_${inlinesText(inline.children, links)}_`;
        case 'link': {
          const words = wordsOf(inline.children);
          const address = links.mark(inline.href);
          return words === inline.href ? address : `${words} (${address})`;
        }
      }
    })
    .join('');
}

function blockText(block: Block, links: EmailLinks): string {
  switch (block.kind) {
    case 'heading': {
      const words = inlinesText(block.children, links);
      return block.level === 3
        ? words
        : `${words}\n${(block.level === 1 ? '=' : '-').repeat(Math.min(words.length, 60))}`;
    }
    case 'paragraph':
      return inlinesText(block.children, links);
    case 'list':
      return block.items
        .map(
          (item, index) => `${block.isOrdered ? `${index + 1}.` : '-'} ${inlinesText(item, links)}`,
        )
        .join('\n');
    case 'image':
      return block.alt === '' ? '' : `[${block.alt}]`;
    case 'button':
      return `${block.label}: ${links.mark(block.href)}`;
    case 'rule':
      return '---';
  }
}

/** The letter's plain text with the gap for each recipient's unsubscribe URL, as the HTML. */
export function renderLetterEmailText(frame: {
  subject: string;
  blocks: Block[];
  pageUrl: string;
  links: EmailLinks;
}): { beforeUnsubscribe: string; afterUnsubscribe: string } {
  const body = frame.blocks
    .map((block) => blockText(block, frame.links))
    .filter((text) => text !== '')
    .join('\n\n');
  return {
    beforeUnsubscribe: [
      frame.subject,
      '',
      body,
      '',
      '--',
      `Read this letter on our site: ${frame.pageUrl}`,
      'You get Studio notes from Ember & Ink because you subscribed on our site.',
      'Unsubscribe: ',
    ].join('\n'),
    afterUnsubscribe: '\n',
  };
}
