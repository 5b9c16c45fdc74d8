import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sniffImageType, type SniffedType } from './sniff-image-type';
import { MEDIA_FORMATS, type MediaFile, type MediaFormat } from '../store/site/media-repository';

/** Larger than any photo a camera makes today; larger ones are decompression bombs. */
export const MAX_IMAGE_PIXELS = 40_000_000;

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
  /** A known format, but corrupt, truncated or too many pixels. */
  | { kind: 'unusable'; reason: string };

function isFormat(metadata: sharp.Metadata, sniffed: SniffedType): boolean {
  if (sniffed === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === sniffed;
}

const ENCODERS: Record<MediaFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: QUALITY }),
  webp: (image) => image.webp({ quality: QUALITY }),
  jpg: (image) =>
    image.flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }),
};

/**
 * Decodes an upload for real, turns it upright from its EXIF orientation and encodes it in
 * every width and format the page uses. The files are made from decoded pixels alone, so no
 * metadata of the upload (a phone's GPS position, the camera, its comments) can reach them.
 */
export async function processImage(bytes: Buffer): Promise<ProcessOutcome> {
  const sniffed = sniffImageType(bytes);
  if (sniffed === null) return { kind: 'not-an-image' };
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { kind: 'unusable', reason: error instanceof Error ? error.message : String(error) };
  }
  // The signature and the decoder must agree, or the file is a forgery of one or the other.
  if (!isFormat(metadata, sniffed)) return { kind: 'unusable', reason: 'mismatched format' };
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    return { kind: 'unusable', reason: `${metadata.width} × ${metadata.height} pixels` };
  }

  let upright: { data: Buffer; info: sharp.OutputInfo };
  try {
    // Every byte is decoded here (a truncated file fails now, not half-way through encoding),
    // into pixels no larger than the largest width the page needs.
    upright = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: Math.max(...MEDIA_WIDTHS), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { kind: 'unusable', reason: error instanceof Error ? error.message : String(error) };
  }

  const { data, info } = upright;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  // The page's widths below the image's own, and the image's own (at most the largest).
  const targets = [...MEDIA_WIDTHS.filter((width) => width < info.width), info.width];
  const files: MediaFile[] = [];
  for (const width of targets) {
    for (const format of MEDIA_FORMATS) {
      const resized = sharp(data, { raw }).resize({ width });
      files.push({ width, format, bytes: await ENCODERS[format](resized).toBuffer() });
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
}
