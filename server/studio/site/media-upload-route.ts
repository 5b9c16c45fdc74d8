import type { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '../../../common/site-content-rules';
import { createJobSlots } from '../../media/job-slots';
import { mediaUrl, MEDIA_TYPES } from '../../media/media-urls';
import type { ProcessedImage, ProcessOutcome } from '../../media/process-image';
import { multipartBoundary, readMultipartFile } from '../../media/read-multipart-file';
import { declaredLength, readLimited } from '../../routes/read-request-body';
import type { MediaRepository } from '../../store/site/media-repository';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** Room for the multipart envelope around the file: boundaries, headers, a file name. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * Images decoded at once by one instance: sharp and argon2 share libuv's four threads, so two
 * image jobs leave room for sign-ins and publishes (docs/decisions/0051).
 */
export const IMAGE_JOBS_AT_ONCE = 2;
/** How long an upload waits for a slot before it is answered 503 `busy`. */
export const IMAGE_JOB_WAIT_MS = 10_000;

/** What the editor puts in the content document for the image (ContentImageSchema). */
function describeImage(image: ProcessedImage) {
  return {
    id: image.hash,
    width: image.width,
    height: image.height,
    sources: image.files.map((file) => ({
      url: mediaUrl(image.hash, file.width, file.format),
      width: file.width,
      type: MEDIA_TYPES[file.format],
    })),
  };
}

/**
 * POST media: one image in the multipart field `file`. The body is counted as it streams in and
 * refused (413) the moment it passes the limit, and held once: the file is a view of it. The
 * bytes are then decoded for real, whatever the file is called: not an image 415; corrupt, too
 * many pixels, the wrong shape or too slow 422; more uploads waiting than the instance decodes
 * at once for longer than a few seconds 503 `busy`.
 */
export function registerMediaUpload(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  media: MediaRepository,
): void {
  const { respond } = kit;
  const slots = createJobSlots({ size: IMAGE_JOBS_AT_ONCE, maxWaitMs: IMAGE_JOB_WAIT_MS });
  app.post('/media', async (c) => {
    const boundary = multipartBoundary(c.req.header('content-type') ?? null);
    if (boundary === null) return respond.error(415, 'unsupported_media_type');
    const limit = MAX_UPLOAD_BYTES + ENVELOPE_BYTES;
    const declared = declaredLength(c.req.raw);
    if (declared !== undefined && declared > limit) return respond.error(413, 'too_large');
    const body =
      c.req.raw.body === null
        ? new Uint8Array(0)
        : await readLimited(c.req.raw.body, limit, declared);
    if (body === null) return respond.error(413, 'too_large');
    const file = readMultipartFile(
      Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      boundary,
      'file',
    );
    if (file === null) return respond.error(400, 'invalid_request');
    if (file.byteLength > MAX_UPLOAD_BYTES) return respond.error(413, 'too_large');

    const release = await slots.acquire();
    if (release === null) {
      return respond.error(503, 'busy', { 'retry-after': String(IMAGE_JOB_WAIT_MS / 1000) });
    }
    let outcome: ProcessOutcome;
    try {
      // sharp (libvips) loads on the first upload: a server that only serves visitors never
      // spends the memory on it.
      const { processImage } = await import('../../media/process-image');
      outcome = await processImage(file);
    } finally {
      release();
    }
    if (outcome.kind === 'not-an-image') return respond.error(415, 'unsupported_media_type');
    if (outcome.kind === 'unusable') return respond.error(422, 'invalid_image');
    const { image } = outcome;
    const staff = requireStaff(c);
    await media.saveMedia(image, { by: staff.email, now: new Date(kit.now()) });
    await kit.audit(c, 'media.upload', staff.email, image.hash);
    return respond.json(201, describeImage(image));
  });
}
