import type { ImageType } from '../../common/site-content-rules';
import type { MediaFormat } from '../store/site/media-repository';

export const MEDIA_PATH_PREFIX = '/media/';

export const MEDIA_TYPES: Record<MediaFormat, ImageType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** Where one encoded file is served: its name changes whenever its bytes could. */
export const mediaUrl = (hash: string, width: number, format: MediaFormat) =>
  `${MEDIA_PATH_PREFIX}${hash}-${width}.${format}`;

const MEDIA_FILE = /^([0-9a-f]{64})-([1-9][0-9]{0,4})\.(avif|webp|jpg)$/;

/** The file a `/media/…` name asks for, or null for any other name. */
export function parseMediaFileName(
  name: string,
): { hash: string; width: number; format: MediaFormat } | null {
  const match = MEDIA_FILE.exec(name);
  if (match === null) return null;
  const [, hash = '', width = '', format] = match;
  if (format !== 'avif' && format !== 'webp' && format !== 'jpg') return null;
  return { hash, width: Number(width), format };
}
