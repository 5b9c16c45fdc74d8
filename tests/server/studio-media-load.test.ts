import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishEdit } from './helpers/site-publishing';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  uploadMedia,
  type StudioStaff,
} from './helpers/studio-session';

const UPLOADS = 30;

/**
 * The most work an accepted upload can ask for: 40 megapixels in a PNG (no shrink-on-load, so
 * every row is inflated and resized) that compresses into a few hundred kilobytes.
 */
const worstCaseImage = () =>
  sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#c85028' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
};

describe('thirty worst-case uploads at once (sqlite)', () => {
  let app: TestApp;
  let staff: StudioStaff;

  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite', databaseUrl: undefined });
    staff = await createSignedInStaff(studioTargetOf(app));
  });
  afterAll(() => app.close());

  it('leave sign-ins and publishes responsive, and never answer 500', async () => {
    const image = await worstCaseImage();
    const target = studioTargetOf(app);
    const uploads = Array.from({ length: UPLOADS }, (_, index) =>
      timed(() => uploadMedia(target, staff.cookie, image, `big-${index}.png`, 'image/png')),
    );
    // Let every upload arrive and start queueing for the thread pool first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signIn = await timed(() =>
      studioFetch(target, '/session', {
        method: 'POST',
        body: { email: staff.email, password: staff.password },
      }),
    );
    const publish = await timed(() =>
      publishEdit(target, staff.cookie, (content) => {
        content.testimonials.items[0]!.quote = `Published while uploading ${Date.now()}`;
      }),
    );
    const answered = await Promise.all(uploads);
    const statuses = answered.map(({ value }) => value.status);
    const slowest = Math.max(...answered.map(({ ms }) => ms));
    console.info(
      `30 uploads of ${image.length} bytes (6300 × 6300): sign-in ${signIn.ms} ms, publish ` +
        `${publish.ms} ms; ${statuses.filter((status) => status === 201).length} × 201, ` +
        `${statuses.filter((status) => status === 503).length} × 503 busy; slowest answer ${slowest} ms`,
    );

    // Signing in and publishing are answered while the uploads are held: the figures above are
    // for docs/reliability.md, since a busy machine slows every answer alike.
    expect(signIn.value.status).toBe(200);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses).toContain(201);
    for (const { value } of answered) {
      if (value.status === 503) {
        expect(await value.json()).toEqual({ success: false, error: 'busy' });
        expect(value.headers.get('retry-after')).toBe('10');
      }
    }
  }, 120_000);
});
