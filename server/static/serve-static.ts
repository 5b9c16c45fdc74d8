import { acceptedEncodings } from './negotiate-encoding';
import type { Site, StaticFile, Variant } from './site';

export type StaticAnswer = { status: 200 | 304 | 404; variant: Variant };

function selectVariant(file: StaticFile, acceptEncoding: string | null): Variant {
  if (file.br === null && file.gzip === null) return file.identity;
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && file.br !== null) return file.br;
  if (accepted.gzip && file.gzip !== null) return file.gzip;
  return file.identity;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2), so `W/"x"` matches `"x"`. */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

/**
 * The variant the client gets and whether its cached copy is still current (304). Both the
 * Hono route and the node:http fast path decide with this, so they cannot disagree.
 */
export function answerFor(
  file: StaticFile,
  acceptEncoding: string | null,
  ifNoneMatch: string | null,
): StaticAnswer {
  const variant = selectVariant(file, acceptEncoding);
  const isNotModified =
    file.status === 200 && ifNoneMatch !== null && matchesEtag(ifNoneMatch, variant.etag);
  return { status: isNotModified ? 304 : file.status, variant };
}

/** Answers GET/HEAD from memory: every header was computed at load time. */
export function createStaticHandler(site: Site): (path: string, headers: Headers) => Response {
  return (path, headers) => {
    const file = site.files.get(path) ?? site.notFound;
    const { status, variant } = answerFor(
      file,
      headers.get('accept-encoding'),
      headers.get('if-none-match'),
    );
    return status === 304
      ? new Response(null, { status, headers: variant.notModifiedHeaders })
      : new Response(variant.body, { status, headers: variant.headers });
  };
}
