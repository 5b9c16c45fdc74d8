import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packIco } from './ico';

async function solidPng(size: number): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: '#c2410c' } })
    .png()
    .toBuffer();
}

describe('packIco', () => {
  it('writes a directory that points at each PNG, so browsers can pick a size', async () => {
    const images = [
      { size: 32, png: await solidPng(32) },
      { size: 16, png: await solidPng(16) },
    ];
    const ico = packIco(images);

    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(2);
    for (const [index, image] of images.entries()) {
      const entry = 6 + index * 16;
      expect(ico.readUInt8(entry)).toBe(image.size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const embedded = ico.subarray(offset, offset + length);
      const { width, height } = await sharp(embedded).metadata();
      expect([width, height]).toEqual([image.size, image.size]);
    }
    expect(ico.length).toBe(6 + 32 + images[0]!.png.length + images[1]!.png.length);
  });

  it('encodes 256-pixel images as size 0, as the format requires', async () => {
    const ico = packIco([{ size: 256, png: await solidPng(256) }]);
    expect(ico.readUInt8(6)).toBe(0);
    expect(ico.readUInt8(7)).toBe(0);
  });
});
