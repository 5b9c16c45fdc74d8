import { createHash } from 'node:crypto';
import type { HeaderRecord } from '../security-headers';
import { contentTypeFor, isCompressible } from './content-types';
import type { StaticFile, Variant } from './site';

export type FileSource = {
  /** URL path, e.g. `/assets/app-1a2b.js`. */
  urlPath: string;
  content: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  status: 200 | 404;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function cacheControlFor(urlPath: string): string {
  // Only Vite's content-hashed output may be cached forever; everything else keeps its name
  // across deploys, so browsers must revalidate (cheap, thanks to the ETag).
  return urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
}

function variant(
  body: Buffer,
  etag: string,
  shared: HeaderRecord,
  encoding: string | null,
  contentType: string,
): Variant {
  const headers: HeaderRecord = { ...shared, 'content-type': contentType };
  if (encoding !== null) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  return {
    body: new Uint8Array(body),
    etag,
    headers,
    notModifiedHeaders: shared,
    headerList: Object.entries(headers).flat(),
    notModifiedHeaderList: Object.entries(shared).flat(),
  };
}

export function buildStaticFile(source: FileSource, securityHeaders: HeaderRecord): StaticFile {
  const tag = createHash('sha256').update(source.content).digest('base64url').slice(0, 27);
  const contentType = contentTypeFor(source.urlPath);
  const varies = isCompressible(source.urlPath);
  const sharedFor = (etag: string): HeaderRecord => {
    const shared: HeaderRecord = {
      ...securityHeaders,
      'cache-control': cacheControlFor(source.urlPath),
    };
    // An error page is never answered with 304, so it carries no validator.
    if (source.status === 200) shared.etag = etag;
    if (varies) shared.vary = 'Accept-Encoding';
    return shared;
  };
  const build = (body: Buffer | null, encoding: string | null, suffix: string): Variant | null => {
    if (body === null) return null;
    const etag = `"${tag}${suffix}"`;
    return variant(body, etag, sharedFor(etag), encoding, contentType);
  };
  return {
    status: source.status,
    isPage: contentType.startsWith('text/html'),
    identity: variant(source.content, `"${tag}"`, sharedFor(`"${tag}"`), null, contentType),
    br: build(source.br, 'br', '-br'),
    gzip: build(source.gzip, 'gzip', '-gz'),
  };
}
