import { describe, expect, it } from 'vitest';
import { readLetterBlocks } from './letter-blocks';

const SITE = 'https://emberandink.example';
const read = (markdown: string) => readLetterBlocks(markdown, SITE);

describe("a letter's Markdown", () => {
  it('reads headings, paragraphs with strong, em and links, lists and a rule', () => {
    const blocks = read(
      [
        '## Spring at the studio',
        '',
        'We **rebuilt** a _bakery_ brand. See [the work](/#portfolio).',
        '',
        '- one',
        '- two [ours](https://example.org/a)',
        '',
        '1. first',
        '2. second',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, children: [{ kind: 'text', text: 'Spring at the studio' }] },
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: 'We ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'rebuilt' }] },
          { kind: 'text', text: ' a ' },
          { kind: 'em', children: [{ kind: 'text', text: 'bakery' }] },
          { kind: 'text', text: ' brand. See ' },
          {
            kind: 'link',
            href: `${SITE}/#portfolio`,
            children: [{ kind: 'text', text: 'the work' }],
          },
          { kind: 'text', text: '.' },
        ],
      },
      {
        kind: 'list',
        isOrdered: false,
        items: [
          [{ kind: 'text', text: 'one' }],
          [
            { kind: 'text', text: 'two ' },
            {
              kind: 'link',
              href: 'https://example.org/a',
              children: [{ kind: 'text', text: 'ours' }],
            },
          ],
        ],
      },
      {
        kind: 'list',
        isOrdered: true,
        items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]],
      },
      { kind: 'rule' },
    ]);
  });

  it('makes a paragraph of one arrowed link a button', () => {
    expect(read('[→ Book a call](/book)')).toEqual([
      { kind: 'button', href: `${SITE}/book`, label: 'Book a call' },
    ]);
    expect(read('[-> Book a call](/book)')).toEqual([
      { kind: 'button', href: `${SITE}/book`, label: 'Book a call' },
    ]);
  });

  it('keeps raw HTML as text and drops links that are not web or email', () => {
    expect(
      read('<script>alert(1)</script> [x](javascript:alert(1)) [m](mailto:a@b.example)'),
    ).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: '<script>alert(1)</script> x) ' },
          { kind: 'link', href: 'mailto:a@b.example', children: [{ kind: 'text', text: 'm' }] },
        ],
      },
    ]);
    expect(read('[x](data:text/html,hi) [y](//evil.example/)')).toEqual([
      {
        kind: 'paragraph',
        children: [{ kind: 'text', text: 'x y' }],
      },
    ]);
  });

  it("shows only the site's own media as images, any other as its alt text", () => {
    expect(read('![The new sign](/media/abc-800.jpg)')).toEqual([
      { kind: 'image', src: `${SITE}/media/abc-800.jpg`, alt: 'The new sign' },
    ]);
    expect(read(`![Ours](${SITE}/media/abc-800.webp)`)).toEqual([
      { kind: 'image', src: `${SITE}/media/abc-800.webp`, alt: 'Ours' },
    ]);
    expect(
      read('![A tracker](https://tracker.example/p.gif)\n\n![](https://x.example/y.png)'),
    ).toEqual([{ kind: 'paragraph', children: [{ kind: 'text', text: 'A tracker' }] }]);
    expect(read('![Not media](/book)')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: 'Not media' }] },
    ]);
  });

  it('reads hostile input of any size in time that grows with its length alone', () => {
    const hostile = [
      '**a '.repeat(25_000),
      '['.repeat(100_000),
      '[a]('.repeat(25_000),
      '_*'.repeat(50_000),
      '> '.repeat(50_000),
      '- '.repeat(50_000),
      '![a]('.repeat(20_000),
    ];
    for (const markdown of hostile) {
      const blocks = read(markdown);
      const words = JSON.stringify(blocks);
      // Everything written is still there as text, nothing became markup.
      expect(words).not.toContain('<');
      expect(blocks.length).toBeGreaterThan(0);
    }
  });
});
