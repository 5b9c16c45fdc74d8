import type { Context } from 'hono';
import { MEDIA_TYPES, parseMediaFileName } from '../media/media-urls';
import type { HeaderRecord } from '../security-headers';
import type { MediaRepository } from '../store/site/media-repository';

/** A file's name is its content hash: it never changes, so it may be cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/<hash>-<width>.<avif|webp|jpg>: an uploaded image's file, from the store, so every
 * instance serves the same bytes and a backup carries them.
 */
export function createMediaHandler(options: {
  media: Pick<MediaRepository, 'readMediaFile'>;
  securityHeaders: HeaderRecord;
  answerNotFound: (c: Context) => Response | Promise<Response>;
}) {
  return async (c: Context): Promise<Response> => {
    const file = parseMediaFileName(c.req.param('file') ?? '');
    if (file === null) return options.answerNotFound(c);
    const bytes = await options.media.readMediaFile(file.hash, file.width, file.format);
    if (bytes === null) return options.answerNotFound(c);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        ...options.securityHeaders,
        'content-type': MEDIA_TYPES[file.format],
        'content-length': String(bytes.byteLength),
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
      },
    });
  };
}
