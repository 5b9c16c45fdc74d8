import { chromium } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';

export type Kind = 'html' | 'css' | 'js' | 'font' | 'image' | 'other';
export type Sizes = { raw: number; gzip: number; brotli: number };
export type LoadedFile = Sizes & { path: string; kind: Kind };
export type InitialLoad = {
  files: LoadedFile[];
  /** The stylesheet inlined into the HTML, compressed on its own; the html row includes it. */
  inlineCss: Sizes;
  byKind: Record<Kind, Sizes>;
  total: Sizes;
};

const KINDS: [RegExp, Kind][] = [
  [/\.html$/, 'html'],
  [/\.css$/, 'css'],
  [/\.m?js$/, 'js'],
  [/\.(woff2?|ttf|otf)$/, 'font'],
  [/\.(avif|webp|jpe?g|png|svg|gif|ico)$/, 'image'],
];

function kindOf(file: string): Kind {
  return KINDS.find(([pattern]) => pattern.test(file))?.[1] ?? 'other';
}

/** A file without a precompressed sibling is sent as it is (images and fonts are compressed already). */
function sizesOf(file: string): Sizes {
  const raw = statSync(file).size;
  const sibling = (suffix: string) =>
    existsSync(`${file}${suffix}`) ? statSync(`${file}${suffix}`).size : raw;
  return { raw, gzip: sibling('.gz'), brotli: sibling('.br') };
}

function inlineCssOf(htmlFile: string): Sizes {
  const styles = [...readFileSync(htmlFile, 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)];
  const css = Buffer.from(styles.map((match) => match[1] ?? '').join(''));
  return {
    raw: css.byteLength,
    gzip: gzipSync(css, { level: 9 }).byteLength,
    brotli: brotliCompressSync(css).byteLength,
  };
}

function add(into: Sizes, sizes: Sizes): void {
  into.raw += sizes.raw;
  into.gzip += sizes.gzip;
  into.brotli += sizes.brotli;
}

/**
 * Loads `/` once on a phone-sized viewport (Lighthouse's mobile screen), without touching it,
 * and sizes every same-origin file it fetched from the build output.
 */
export async function measureInitialLoad(origin: string, clientDir: string): Promise<InitialLoad> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const paths = new Set<string>();
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin) paths.add(url.pathname);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
  const files: LoadedFile[] = [...paths].map((urlPath) => {
    const relative = urlPath === '/' ? 'index.html' : decodeURIComponent(urlPath.slice(1));
    return { path: urlPath, kind: kindOf(relative), ...sizesOf(path.join(clientDir, relative)) };
  });
  const empty = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0 });
  const byKind: Record<Kind, Sizes> = {
    html: empty(),
    css: empty(),
    js: empty(),
    font: empty(),
    image: empty(),
    other: empty(),
  };
  const total = empty();
  for (const file of files) {
    add(byKind[file.kind], file);
    add(total, file);
  }
  return { files, inlineCss: inlineCssOf(path.join(clientDir, 'index.html')), byKind, total };
}
