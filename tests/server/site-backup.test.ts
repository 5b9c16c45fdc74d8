import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from '../../server/cli/sqlite-backup';
import { openSqliteStore } from '../../server/store/sqlite-store';
import { createSiteContentSeed } from '../../src/content/site-content-seed';

describe('a backup carries the site', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-site-backup-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('restores the draft, the published page, the history and the images', async () => {
    const editor = { by: 'ann@example.com', now: new Date() };
    const store = await openSqliteStore({ dataDir: path.join(root, 'live') });
    await store.site.seedSiteContent(createSiteContentSeed(), editor);
    const draft = createSiteContentSeed();
    draft.hero.eyebrow = 'Unpublished words';
    const seeded = await store.site.readDraft();
    await store.site.saveDraft(draft, seeded!.revision, editor);
    const image = {
      hash: 'c'.repeat(64),
      width: 400,
      height: 300,
      files: [{ width: 400, format: 'webp' as const, bytes: Buffer.from('RIFF....WEBP') }],
    };
    await store.site.saveMedia(image, editor);

    const file = path.join(root, 'backup.sqlite');
    await backupSqlite(path.join(root, 'live'), file);
    await store.close();
    await restoreSqlite(path.join(root, 'restored'), file);

    const restored = await openSqliteStore({ dataDir: path.join(root, 'restored') });
    try {
      expect((await restored.site.readDraft())?.content).toEqual(draft);
      expect((await restored.site.readPublished())?.content).toEqual(createSiteContentSeed());
      expect(await restored.site.listSiteRevisions(10)).toHaveLength(1);
      expect(await restored.site.readMediaFile(image.hash, 400, 'webp')).toEqual(
        image.files[0]?.bytes,
      );
    } finally {
      await restored.close();
    }
  });
});
