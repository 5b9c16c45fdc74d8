import type { Context } from 'hono';
import { createBoundedCache } from '../media/bounded-cache';
import { MEDIA_TYPES, parseMediaFileName } from '../media/media-urls';
import type { HeaderRecord } from '../security-headers';
import type { MediaReferences } from '../store/site/media-references';
import type { MediaFormat, MediaRepository } from '../store/site/media-repository';

/** A file's name is its content hash: it never changes, so it may be cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An image no publish uses yet: for the staff member's own browser, never a shared cache. */
const STAFF_ONLY = 'private, no-store';
/**
 * How long the list of public images is trusted without a publish: a letter that starts leaving
 * makes its images public within this, and a flood of unknown names costs one read per period.
 */
export const PUBLIC_MEDIA_FRESH_MS = 60_000;
/** Enough for every image of a page in every width and format, many times over. */
export const MEDIA_CACHE_BYTES = 64 * 1024 * 1024;

export type MediaHandlerOptions = {
  media: Pick<MediaRepository, 'readMediaFile'> & Pick<MediaReferences, 'listPublicMediaHashes'>;
  /** The revision this instance serves: the published images change only when it does. */
  servedRevision: () => string | null;
  /** True when the request comes from a signed-in staff member (the editor, the preview). */
  isStaff: (headers: Headers) => Promise<boolean>;
  securityHeaders: HeaderRecord;
  answerNotFound: (c: Context) => Response | Promise<Response>;
  now: () => number;
};

/**
 * GET /media/<hash>-<width>.<avif|webp|jpg>: an uploaded image's file, from the store, so every
 * instance serves the same bytes and a backup carries them. The world sees only the images a
 * publish used, from memory (no database read per hit, so a flood of image requests leaves the
 * pool to the forms); an upload no publish used yet is shown to signed-in staff only, and is a
 * plain 404 to anyone else, exactly like a file that does not exist.
 */
export function createMediaHandler(options: MediaHandlerOptions) {
  const files = createBoundedCache<Buffer>(MEDIA_CACHE_BYTES, (bytes) => bytes.byteLength);
  let published: { revision: string | null; readAt: number; hashes: Promise<Set<string>> } | null =
    null;

  /**
   * Read once per publish seen by this instance, and again once it is PUBLIC_MEDIA_FRESH_MS old
   * (letters leave between publishes); a failed read is tried again next time.
   */
  const publicHashes = (): Promise<Set<string>> => {
    const revision = options.servedRevision();
    const now = options.now();
    if (
      published === null ||
      published.revision !== revision ||
      now - published.readAt >= PUBLIC_MEDIA_FRESH_MS
    ) {
      const hashes = options.media.listPublicMediaHashes();
      published = { revision, readAt: now, hashes };
      hashes.catch(() => {
        if (published?.hashes === hashes) published = null;
      });
    }
    return published.hashes;
  };

  /** Requests that miss together share one read. */
  const reading = new Map<string, Promise<Buffer | null>>();
  const readOnce = (name: string, hash: string, width: number, format: MediaFormat) => {
    let read = reading.get(name);
    if (read === undefined) {
      read = options.media.readMediaFile(hash, width, format).then((bytes) => {
        if (bytes !== null) files.set(name, bytes);
        return bytes;
      });
      read.finally(() => reading.delete(name)).catch(() => undefined);
      reading.set(name, read);
    }
    return read;
  };

  const answer = (bytes: Buffer, format: MediaFormat, headers: HeaderRecord) =>
    new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        ...options.securityHeaders,
        'content-type': MEDIA_TYPES[format],
        'content-length': String(bytes.byteLength),
        'x-content-type-options': 'nosniff',
        ...headers,
      },
    });

  return async (c: Context): Promise<Response> => {
    const name = c.req.param('file') ?? '';
    const file = parseMediaFileName(name);
    if (file === null) return options.answerNotFound(c);
    const { hash, width, format } = file;

    if ((await publicHashes()).has(hash)) {
      const etag = `"${name}"`;
      const cached = { 'cache-control': IMMUTABLE, etag };
      if (c.req.header('if-none-match') === etag) {
        return new Response(null, {
          status: 304,
          headers: { ...options.securityHeaders, ...cached },
        });
      }
      const bytes = files.get(name) ?? (await readOnce(name, hash, width, format));
      if (bytes === null) return options.answerNotFound(c);
      return answer(bytes, format, cached);
    }

    if (!(await options.isStaff(c.req.raw.headers))) return options.answerNotFound(c);
    const bytes = await options.media.readMediaFile(hash, width, format);
    if (bytes === null) return options.answerNotFound(c);
    return answer(bytes, format, { 'cache-control': STAFF_ONLY });
  };
}
