import { acceptedEncodings } from './negotiate-encoding';
import type { Site, StaticFile, Variant } from './site';

function selectVariant(file: StaticFile, acceptEncoding: string | null): Variant {
  if (file.br === null && file.gzip === null) return file.identity;
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && file.br !== null) return file.br;
  if (accepted.gzip && file.gzip !== null) return file.gzip;
  return file.identity;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2), so `W/"x"` matches `"x"`. */
function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/** Answers GET/HEAD from memory: every header was computed at load time. */
export function createStaticHandler(site: Site): (path: string, headers: Headers) => Response {
  return (path, headers) => {
    const file = site.files.get(path) ?? site.notFound;
    const variant = selectVariant(file, headers.get('accept-encoding'));
    if (file.status === 200) {
      const ifNoneMatch = headers.get('if-none-match');
      if (ifNoneMatch !== null && matchesEtag(ifNoneMatch, variant.etag)) {
        return new Response(null, { status: 304, headers: variant.notModifiedHeaders });
      }
    }
    return new Response(variant.body, { status: file.status, headers: variant.headers });
  };
}
