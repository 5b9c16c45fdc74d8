import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sniffImageType, type SniffedType } from './sniff-image-type';
import type { MediaFile, MediaFormat } from '../store/site/media-repository';

/** Larger than any photo a camera makes today; larger ones are decompression bombs. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * How much longer one side may be than the other: a panorama fits, a 1 × 20,000 strip does not.
 * A strip is no picture a card can show, and its long side is what breaks the encoders (AVIF
 * stops at 16,384 pixels) or makes them slow, whatever its pixel count.
 */
export const MAX_ASPECT_RATIO = 5;
/** The most one image job may take, all widths and formats together; a legitimate photo takes ~1 s. */
export const IMAGE_JOB_SECONDS = 20;

/**
 * The widths the page offers an image in: those of the build's pictures
 * (scripts/image-presets.ts), for cards at most ~400 CSS px wide on 1x and 2x screens.
 */
export const MEDIA_WIDTHS = [400, 800] as const;
const QUALITY = 62;

export type ProcessedImage = {
  /** SHA-256 of the uploaded bytes, hex: the same upload always gets the same name. */
  hash: string;
  /** The size of the largest file made, upright. */
  width: number;
  height: number;
  files: MediaFile[];
};

export type ProcessOutcome =
  | { kind: 'processed'; image: ProcessedImage }
  /** Not JPEG, PNG, WebP or AVIF, whatever its name says. */
  | { kind: 'not-an-image' }
  /** A known format, but corrupt, truncated, too many pixels, the wrong shape or too slow. */
  | { kind: 'unusable'; reason: string };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why the header's size is refused before a pixel is decoded, or null when it is fine. */
function refusedShape(width: number, height: number): string | null {
  if (width * height > MAX_IMAGE_PIXELS) return `${width} × ${height} pixels`;
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
    return `${width} × ${height} is too narrow`;
  }
  return null;
}

/** Every libvips pipeline of one job shares its deadline; sharp aborts one that runs past it. */
function secondsLeft(deadline: number): number {
  return Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
}

function isFormat(metadata: sharp.Metadata, sniffed: SniffedType): boolean {
  if (sniffed === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === sniffed;
}

/**
 * The formats the page offers: AVIF, and JPEG for browsers without it. WebP is no longer made
 * (0078); an image stored with WebP files before keeps them, and they are still served.
 */
const ENCODERS: ReadonlyMap<MediaFormat, (image: sharp.Sharp) => sharp.Sharp> = new Map([
  ['avif', (image) => image.avif({ quality: QUALITY })],
  [
    'jpg',
    (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }),
  ],
]);

/**
 * Decodes an upload for real, turns it upright from its EXIF orientation and encodes it in
 * every width and format the page uses. The files are made from decoded pixels alone, so no
 * metadata of the upload (a phone's GPS position, the camera, its comments) can reach them.
 */
export async function processImage(bytes: Buffer): Promise<ProcessOutcome> {
  const sniffed = sniffImageType(bytes);
  if (sniffed === null) return { kind: 'not-an-image' };
  const deadline = Date.now() + IMAGE_JOB_SECONDS * 1000;
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { kind: 'unusable', reason: reasonOf(error) };
  }
  // The signature and the decoder must agree, or the file is a forgery of one or the other.
  if (!isFormat(metadata, sniffed)) return { kind: 'unusable', reason: 'mismatched format' };
  const shape = refusedShape(metadata.width, metadata.height);
  if (shape !== null) return { kind: 'unusable', reason: shape };

  try {
    // Every byte is decoded here (a truncated file fails now, not half-way through encoding),
    // into pixels no larger than the largest width the page needs.
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'warning',
    })
      .timeout({ seconds: secondsLeft(deadline) })
      .rotate()
      .resize({ width: Math.max(...MEDIA_WIDTHS), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    // The page's widths below the image's own, and the image's own (at most the largest).
    const targets = [...MEDIA_WIDTHS.filter((width) => width < info.width), info.width];
    const files: MediaFile[] = [];
    for (const width of targets) {
      for (const [format, encode] of ENCODERS) {
        const resized = sharp(data, { raw })
          .timeout({ seconds: secondsLeft(deadline) })
          .resize({ width });
        files.push({ width, format, bytes: await encode(resized).toBuffer() });
      }
    }
    return {
      kind: 'processed',
      image: {
        hash: createHash('sha256').update(bytes).digest('hex'),
        width: info.width,
        height: info.height,
        files,
      },
    };
  } catch (error) {
    // A decoder or encoder that gives up (or runs out of time) means this image, not the server.
    return { kind: 'unusable', reason: reasonOf(error) };
  }
}
