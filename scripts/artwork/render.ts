import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';

/** Settings for raster masters: the build derives AVIF/WebP from these, so keep them rich. */
const JPEG_MASTER = { quality: 82, progressive: true, mozjpeg: true } as const;

export async function writeJpeg(svg: string, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).flatten({ background: '#faf6f0' }).jpeg(JPEG_MASTER).toFile(file);
}

/** Renders an SVG at its own size: icons are drawn on a pixel grid, never resampled. */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
