import type { Hono } from 'hono';
import { MAX_UPLOAD_BYTES } from '../../../common/site-content-rules';
import { mediaUrl, MEDIA_TYPES } from '../../media/media-urls';
import type { ProcessedImage } from '../../media/process-image';
import { readLimited } from '../../routes/read-request-body';
import type { MediaRepository } from '../../store/site/media-repository';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** Room for the multipart envelope around the file: boundaries, headers, a file name. */
const ENVELOPE_BYTES = 16 * 1024;

const isMultipart = (header: string | null) =>
  header !== null && /^multipart\/form-data\s*;\s*boundary=/i.test(header.trim());

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
 * refused (413) the moment it passes the limit; the bytes are then decoded for real, whatever
 * the file is called: not an image 415, corrupt or too many pixels 422.
 */
export function registerMediaUpload(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  media: MediaRepository,
): void {
  const { respond } = kit;
  app.post('/media', async (c) => {
    const contentType = c.req.header('content-type') ?? null;
    if (!isMultipart(contentType)) return respond.error(415, 'unsupported_media_type');
    const limit = MAX_UPLOAD_BYTES + ENVELOPE_BYTES;
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > limit) return respond.error(413, 'too_large');
    const body =
      c.req.raw.body === null ? new Uint8Array(0) : await readLimited(c.req.raw.body, limit);
    if (body === null) return respond.error(413, 'too_large');

    let file: FormDataEntryValue | null;
    try {
      const form = await new Response(body, {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
      file = form.get('file');
    } catch {
      return respond.error(400, 'invalid_request');
    }
    if (!(file instanceof File)) return respond.error(400, 'invalid_request');
    if (file.size > MAX_UPLOAD_BYTES) return respond.error(413, 'too_large');

    // sharp (libvips) loads on the first upload: a server that only serves visitors never
    // spends the memory on it.
    const { processImage } = await import('../../media/process-image');
    const outcome = await processImage(Buffer.from(await file.arrayBuffer()));
    if (outcome.kind === 'not-an-image') return respond.error(415, 'unsupported_media_type');
    if (outcome.kind === 'unusable') return respond.error(422, 'invalid_image');
    const { image } = outcome;
    const staff = requireStaff(c);
    await media.saveMedia(image, { by: staff.email, now: new Date(kit.now()) });
    await kit.audit(c, 'media.upload', staff.email, image.hash);
    return respond.json(201, describeImage(image));
  });
}
