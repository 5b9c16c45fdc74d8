import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { escapeHtml } from '../../common/escape-html';
import { fillShell } from '../http/form-answers';
import { FORM_SHELL_FILE } from '../forms/form-page-renderer';
import { readLetterBlocks } from '../letters/letter-blocks';
import { renderLetterFeed } from '../letters/letter-feed';
import { renderArchiveHtml, renderLetterHtml } from '../letters/letter-page-html';
import { LETTERS_FEED_PATH } from '../letters/letter-paths';
import type { HeaderRecord } from '../security-headers';
import { matchesEtag } from '../static/serve-static';
import type { PublishedLetters } from '../store/letters/published-letters';

/** The archive lists this many; a studio sending one a month fills it in forty years. */
export const ARCHIVE_LETTERS_MAX = 500;
/** The feed carries the latest few whole, as feeds do. */
export const FEED_LETTERS_MAX = 20;
/** No slug the studio makes is longer; a longer one is not looked up. */
const SLUG_LENGTH_MAX = 200;
/** Every reader gets the same bytes: shared caches may keep them a minute, then ask again. */
const CACHE_CONTROL = 'public, max-age=60';

export type LetterPageDeps = {
  letters: PublishedLetters;
  siteOrigin: string;
  timeZone: string;
  distDir: string;
  securityHeaders: HeaderRecord;
  answerNotFound: (c: Context) => Response | Promise<Response>;
};

type Handler = (c: Context) => Promise<Response>;

/**
 * The form pages' shell (decision 0122), as `/book`'s plain pages use it: the site's head,
 * inlined styles and CSP, no script of the page's own. These pages are meant to be found, so
 * the shell's `noindex` gives way to their canonical address and the feed's.
 */
function shellForLetters(formShell: string, canonical: string): string {
  const links =
    `<link rel="canonical" href="${escapeHtml(canonical)}" />` +
    `<link rel="alternate" type="application/atom+xml" title="Ember &amp; Ink: letters" href="${LETTERS_FEED_PATH}" />`;
  return formShell
    .replace(/<meta name="robots" content="noindex" ?\/?>/, '')
    .replace('</head>', () => `${links}</head>`);
}

/** `/letters`, `/letters/<slug>` and `/letters/feed.xml`, answered from the store per request. */
export function createLetterPageHandlers(deps: LetterPageDeps): {
  archive: Handler;
  letter: Handler;
  feed: Handler;
} {
  let formShell: Promise<string> | null = null;
  const readShell = () => {
    formShell ??= readFile(path.join(deps.distDir, FORM_SHELL_FILE), 'utf8').catch(
      (error: unknown) => {
        formShell = null;
        throw error;
      },
    );
    return formShell;
  };
  const dayFormat = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeZone: deps.timeZone,
  });
  const formatDay = (date: Date) => dayFormat.format(date);

  /** The same bytes for everyone, so a cache or the reader's browser may keep them by tag. */
  function answer(c: Context, body: string, contentType: string): Response {
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers: HeaderRecord = {
      ...deps.securityHeaders,
      'cache-control': CACHE_CONTROL,
      etag,
    };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(body, {
      status: 200,
      headers: { ...headers, 'content-type': contentType },
    });
  }

  async function page(c: Context, title: string, html: string): Promise<Response> {
    const canonical = `${deps.siteOrigin}${c.req.path}`;
    const document = fillShell(shellForLetters(await readShell(), canonical), { title, html });
    return answer(c, document, 'text/html; charset=utf-8');
  }

  return {
    archive: async (c) => {
      const letters = await deps.letters.listSentLetters(ARCHIVE_LETTERS_MAX);
      return page(c, 'Letters | Ember & Ink', renderArchiveHtml(letters, formatDay));
    },
    letter: async (c) => {
      const slug = c.req.param('slug') ?? '';
      const letter = slug.length > SLUG_LENGTH_MAX ? null : await deps.letters.readSentLetter(slug);
      if (letter === null) return deps.answerNotFound(c);
      const blocks = readLetterBlocks(letter.body, deps.siteOrigin);
      return page(
        c,
        `${letter.subject} | Ember & Ink`,
        renderLetterHtml(letter, blocks, formatDay),
      );
    },
    feed: async (c) => {
      const letters = await deps.letters.readLatestSentLetters(FEED_LETTERS_MAX);
      return answer(
        c,
        renderLetterFeed(letters, deps.siteOrigin),
        'application/atom+xml; charset=utf-8',
      );
    },
  };
}
