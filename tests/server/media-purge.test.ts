import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { purgeExpired, UNUSED_MEDIA_GRACE_DAYS } from '../../server/privacy/purge-expired';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { describeEachStore } from './helpers/store-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-media-purge-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const image = (hash: string) => ({
  hash,
  width: 400,
  height: 300,
  files: [{ width: 400, format: 'jpg' as const, bytes: Buffer.from(hash) }],
});

describeEachStore('the retention purge and uploaded images', (subject) => {
  it('removes uploads no document uses once their grace period is over, and keeps the rest', async () => {
    const { store } = subject;
    const uploaded = new Date();
    const used = 'c'.repeat(64);
    const unused = 'd'.repeat(64);
    await store.site.saveMedia(image(used), { by: null, now: uploaded });
    await store.site.saveMedia(image(unused), { by: null, now: uploaded });
    const content = createSiteContentSeed();
    content.about.image = {
      width: 400,
      height: 300,
      sources: [{ url: `/media/${used}-400.jpg`, width: 400, type: 'image/jpeg' }],
    };
    await store.site.replaceDraft(content, { by: null, now: uploaded });

    const inGrace = new Date(uploaded.getTime() + (UNUSED_MEDIA_GRACE_DAYS - 1) * DAY_MS);
    expect((await purgeExpired(store, dataDir, POLICY, inGrace))?.images).toBe(0);
    const after = new Date(uploaded.getTime() + (UNUSED_MEDIA_GRACE_DAYS + 1) * DAY_MS);
    expect((await purgeExpired(store, dataDir, POLICY, after))?.images).toBe(1);
    expect(await store.site.findMedia(unused)).toBeNull();
    expect(await store.site.readMediaFile(unused, 400, 'jpg')).toBeNull();
    expect(await store.site.findMedia(used)).not.toBeNull();
  });
});
