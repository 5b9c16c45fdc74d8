import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { buildSecurityHeaders } from '../security-headers';
import { LANDING_TEMPLATE_PAGES } from '../site/landing-template';
import { buildStaticFile, type FileSource } from './build-static-file';
import { compressBest } from './compression';
import { isCompressible } from './content-types';
import { loadPages } from './load-pages';
import type { Site, StaticFile } from './site';

export class SiteNotBuiltError extends Error {
  override name = 'SiteNotBuiltError';
}

const FALLBACK_404 = Buffer.from(
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>404</title><h1>404</h1><p>Page not found</p><a href="/">Return to Home</a></html>',
);

const CSP_HASH = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
const hashList = z.array(z.string().check(z.regex(CSP_HASH)));
const InlineHashesSchema = z.object({ inlineScriptHashes: hashList, inlineStyleHashes: hashList });
const MetaSchema = z.object({
  ...InlineHashesSchema.shape,
  landing: InlineHashesSchema,
});
type Meta = z.infer<typeof MetaSchema>;

/**
 * The CSP hashes of the prerendered pages' inline scripts and styles, from dist/meta.json:
 * every page's, and the landing page's alone.
 */
async function readMeta(distDir: string): Promise<Meta> {
  const metaPath = path.join(distDir, 'meta.json');
  const meta = MetaSchema.safeParse(JSON.parse(await readFile(metaPath, 'utf8')));
  if (!meta.success) {
    const hashes = '"inlineScriptHashes": ["sha256-…"], "inlineStyleHashes": ["sha256-…"]';
    throw new Error(`${metaPath} must hold { ${hashes}, "landing": { ${hashes} } }`);
  }
  return meta.data;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

async function readSibling(files: Set<string>, root: string, name: string): Promise<Buffer | null> {
  return files.has(name) ? readFile(path.join(root, name)) : null;
}

async function readSource(root: string, files: Set<string>, relative: string): Promise<FileSource> {
  const content = await readFile(path.join(root, relative));
  let br = await readSibling(files, root, `${relative}.br`);
  let gzip = await readSibling(files, root, `${relative}.gz`);
  // A build without the precompress step still gets compressed responses, at start-up cost.
  if (isCompressible(relative) && br === null && gzip === null)
    ({ br, gzip } = compressBest(content));
  const status = relative === '404.html' ? 404 : 200;
  return { urlPath: `/${relative}`, content, br, gzip, status };
}

/** Reads dist/client and dist/meta.json into memory; throws SiteNotBuiltError when absent. */
export async function loadSite(distDir: string, options: { isHttps: boolean }): Promise<Site> {
  const root = path.join(distDir, 'client');
  const names = await listFiles(root).catch((): string[] => []);
  if (!names.includes('index.html')) {
    throw new SiteNotBuiltError(`No built site in ${root}. Run \`npm run build\` first.`);
  }
  const { landing, ...everyPage } = await readMeta(distDir);
  const securityHeaders = buildSecurityHeaders({ ...everyPage, isHttps: options.isHttps });
  const landingSecurityHeaders = buildSecurityHeaders({ ...landing, isHttps: options.isHttps });
  const present = new Set(names);
  const files = new Map<string, StaticFile>();
  let notFound: StaticFile | null = null;
  for (const name of names) {
    if (/\.(br|gz)$/.test(name) && present.has(name.slice(0, -3))) continue;
    const headers = LANDING_TEMPLATE_PAGES.has(name) ? landingSecurityHeaders : securityHeaders;
    const file = buildStaticFile(await readSource(root, present, name), headers);
    if (name === '404.html') notFound = file;
    else files.set(`/${name}`, file);
  }
  // A folder's index.html answers the folder's path too: /privacy is privacy/index.html.
  for (const [urlPath, file] of [...files]) {
    if (urlPath.endsWith('/index.html')) {
      const folder = urlPath.slice(0, -'/index.html'.length);
      files.set(folder === '' ? '/' : folder, file);
    }
  }
  notFound ??= buildStaticFile(
    { urlPath: '/404.html', content: FALLBACK_404, br: null, gzip: null, status: 404 },
    landingSecurityHeaders,
  );
  return {
    files,
    notFound,
    securityHeaders,
    landingSecurityHeaders,
    ...(await loadPages(distDir)),
  };
}
