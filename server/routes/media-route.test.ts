import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMediaHandler, PUBLIC_MEDIA_FRESH_MS } from './media-route';

const published = 'a'.repeat(64);
const unpublished = 'b'.repeat(64);

describe('the media route', () => {
  it('serves a published file a thousand times with one database read, and re-reads per publish', async () => {
    const reads = { files: 0, lists: 0 };
    let revision = 'one';
    let now = 0;
    const app = new Hono();
    app.get(
      '/media/:file',
      createMediaHandler({
        media: {
          readMediaFile: () => {
            reads.files += 1;
            return Promise.resolve(Buffer.from('jpeg bytes'));
          },
          listPublicMediaHashes: () => {
            reads.lists += 1;
            return Promise.resolve(new Set([published]));
          },
        },
        servedRevision: () => revision,
        isStaff: () => Promise.resolve(false),
        securityHeaders: {},
        answerNotFound: () => new Response('not found', { status: 404 }),
        now: () => now,
      }),
    );
    const hits = await Promise.all(
      Array.from({ length: 1000 }, async () => app.request(`/media/${published}-400.jpg`)),
    );
    expect(new Set(hits.map((hit) => hit.status))).toEqual(new Set([200]));
    expect(await hits[999]!.text()).toBe('jpeg bytes');
    expect(reads).toEqual({ files: 1, lists: 1 });

    expect((await app.request(`/media/${unpublished}-400.jpg`)).status).toBe(404);
    expect(reads).toEqual({ files: 1, lists: 1 });

    revision = 'two';
    await app.request(`/media/${published}-400.jpg`);
    expect(reads).toEqual({ files: 1, lists: 2 });

    // A letter that started leaving makes its images public without a publish, soon after.
    now += PUBLIC_MEDIA_FRESH_MS - 1;
    await app.request(`/media/${unpublished}-400.jpg`);
    expect(reads).toEqual({ files: 1, lists: 2 });
    now += 1;
    await app.request(`/media/${unpublished}-400.jpg`);
    expect(reads).toEqual({ files: 1, lists: 3 });
  });
});
