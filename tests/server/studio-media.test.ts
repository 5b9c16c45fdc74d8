import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ImageType } from '../../common/site-content-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { publishEdit, saveDraftEdit } from './helpers/site-publishing';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  STUDIO_API,
  studioTargetOf,
  uploadMedia,
} from './helpers/studio-session';

type Uploaded = {
  id: string;
  width: number;
  height: number;
  sources: { url: string; width: number; type: ImageType }[];
};

const ember = { r: 200, g: 80, b: 40 };

/** A phone photo: a JPEG whose EXIF carries the place it was taken. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: ember } })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera One' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A few kilobytes that claim 20,000 × 20,000 pixels: a decompression bomb. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = deflateSync(Buffer.alloc(20_001 * 50));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`image uploads (${backend.name})`, () => {
    let app: TestApp;
    let cookie: string;

    beforeAll(async () => {
      app = await startTestApp(backend);
      cookie = (await createSignedInStaff(studioTargetOf(app))).cookie;
    });
    afterAll(() => app.close());

    const upload = (bytes: Buffer, name: string, type?: string): Promise<Response> =>
      uploadMedia(studioTargetOf(app), cookie, bytes, name, type);

    async function uploaded(response: Response): Promise<Uploaded> {
      const text = await response.text();
      expect(response.status, text).toBe(201);
      return JSON.parse(text) as Uploaded;
    }

    it('strips a phone photo of its GPS position and every other metadata', async () => {
      const photo = await photoWithGps();
      expect((await sharp(photo).metadata()).exif?.length).toBeGreaterThan(0);
      const image = await uploaded(await upload(photo, 'holiday.jpg'));
      expect(image).toMatchObject({ width: 800, height: 600 });
      expect(image.sources.map((source) => `${source.type} ${source.width}`).sort()).toEqual([
        'image/avif 400',
        'image/avif 800',
        'image/jpeg 400',
        'image/jpeg 800',
      ]);
      for (const source of image.sources) {
        expect(source.url).toMatch(/^\/media\/[0-9a-f]{64}-\d+\.(avif|webp|jpg)$/);
        const response = await fetch(`${app.url}${source.url}`, { headers: { cookie } });
        expect(response.status, source.url).toBe(200);
        expect(response.headers.get('content-type')).toBe(source.type);
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        const served = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect(served.width, source.url).toBe(source.width);
        expect(served.exif, source.url).toBeUndefined();
        expect(served.xmp, source.url).toBeUndefined();
        expect(served.iptc, source.url).toBeUndefined();
        expect(served.icc, source.url).toBeUndefined();
      }
      const audit = await app.store.auth.listAudit(5);
      expect(audit.find((entry) => entry.event === 'media.upload')?.detail).toBe(image.id);
    });

    it('turns a photo upright from its EXIF orientation', async () => {
      const sideways = await sharp({
        create: { width: 600, height: 400, channels: 3, background: ember },
      })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect(await uploaded(await upload(sideways, 'sideways.jpg'))).toMatchObject({
        width: 400,
        height: 600,
      });
    });

    it('takes a PNG named .jpg for the PNG it is', async () => {
      const png = await sharp({
        create: { width: 500, height: 300, channels: 4, background: { ...ember, alpha: 0.5 } },
      })
        .png()
        .toBuffer();
      const image = await uploaded(await upload(png, 'logo.jpg'));
      expect(image).toMatchObject({ width: 500, height: 300 });
      expect(image.sources.filter((source) => source.type === 'image/jpeg')).toHaveLength(2);
    });

    it('takes WebP and AVIF too', async () => {
      const canvas = () =>
        sharp({ create: { width: 900, height: 600, channels: 3, background: ember } });
      for (const [bytes, name] of [
        [await canvas().webp().toBuffer(), 'a.webp'],
        [await canvas().avif().toBuffer(), 'a.avif'],
      ] as const) {
        expect(await uploaded(await upload(bytes, name)), name).toMatchObject({
          width: 800,
          height: 533,
        });
      }
    });

    it('refuses what is not an image (415), whatever its name', async () => {
      for (const [bytes, name] of [
        [Buffer.from('GIF89a? no: plain text pretending to be a photo\n'), 'photo.jpg'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'art.png',
        ],
        [
          await sharp({ create: { width: 8, height: 8, channels: 3, background: ember } })
            .gif()
            .toBuffer(),
          'a.jpg',
        ],
      ] as const) {
        const response = await upload(bytes, name);
        expect(response.status, name).toBe(415);
        expect(await response.json()).toEqual({ success: false, error: 'unsupported_media_type' });
      }
    });

    it('refuses a truncated JPEG and a pixel bomb (422)', async () => {
      const photo = await photoWithGps();
      const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
      const bomb = pixelBomb();
      expect(bomb.length).toBeLessThan(100_000);
      for (const [bytes, name] of [
        [truncated, 'cut.jpg'],
        [bomb, 'bomb.png'],
      ] as const) {
        const response = await upload(bytes, name);
        expect(response.status, name).toBe(422);
        expect(await response.json()).toEqual({ success: false, error: 'invalid_image' });
      }
    });

    it('refuses an image too long or too thin for a page (422), from its header', async () => {
      for (const [width, height] of [
        [1, 20_000],
        [20_000, 1],
        [800, 16_000],
      ] as const) {
        const png = await sharp({
          create: { width, height, channels: 3, background: ember },
        })
          .png({ compressionLevel: 9 })
          .toBuffer();
        const response = await upload(png, `${width}x${height}.png`, 'image/png');
        expect(response.status, `${width} × ${height}`).toBe(422);
        expect(await response.json()).toEqual({ success: false, error: 'invalid_image' });
      }
    });

    it('refuses a file over 10 MB (413) and a body that is not multipart (415)', async () => {
      const response = await upload(Buffer.alloc(12 * 1024 * 1024, 7), 'huge.jpg');
      expect(response.status).toBe(413);
      const json = await fetch(`${app.url}${STUDIO_API}/media`, {
        method: 'POST',
        headers: { origin: app.config.siteOrigin, cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(json.status).toBe(415);
    });

    it('shows an upload to staff only until a publish uses it, then to everyone from memory', async () => {
      const photo = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 9, g: 99, b: 199 } },
      })
        .jpeg()
        .toBuffer();
      const image = await uploaded(await upload(photo, 'unannounced-client.jpg'));
      const url = `${app.url}${image.sources[0]!.url}`;
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { cookie } })).status).toBe(200);

      await saveDraftEdit(studioTargetOf(app), cookie, (content) => {
        content.about.image = { width: image.width, height: image.height, sources: image.sources };
      });
      expect((await fetch(url)).status, 'a draft is not published').toBe(404);

      await publishEdit(studioTargetOf(app), cookie, () => undefined);
      const seen = await fetch(url);
      expect(seen.status).toBe(200);
      expect(seen.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = seen.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{64}-\d+\.(avif|webp|jpg)"$/);
      const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } });
      expect(again.status).toBe(304);

      // Still public once a later publish no longer shows it: the kept revision uses it.
      await publishEdit(studioTargetOf(app), cookie, (content) => {
        content.about.image = structuredClone(content.services.items[0]!.image);
      });
      expect((await fetch(url)).status).toBe(200);
    });

    it('answers 404 for a media file that does not exist', async () => {
      for (const path of [
        `/media/${'a'.repeat(64)}-400.jpg`,
        `/media/${'a'.repeat(64)}-400.gif`,
        '/media/x.jpg',
      ]) {
        expect((await fetch(`${app.url}${path}`)).status, path).toBe(404);
      }
    });
  });
}
