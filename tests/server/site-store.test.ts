import { expect, it } from 'vitest';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { describeEachStore } from './helpers/store-fixtures';
import { SITE_REVISIONS_KEPT } from '../../server/store/site/publish-document';

const at = (minute: number) => ({
  by: 'ann@example.com',
  now: new Date(Date.UTC(2026, 0, 1, 0, minute)),
});
const summarize = () => 'Changed: Hero';

/** The seed with the hero's eyebrow replaced: a change anyone could spot. */
function withEyebrow(eyebrow: string) {
  const content = createSiteContentSeed();
  content.hero.eyebrow = eyebrow;
  return content;
}

describeEachStore('the site content repository', (subject) => {
  it('seeds once: the draft and the published document, and a first history entry', async () => {
    const { site } = subject.store;
    expect(await site.readDraft()).toBeNull();
    expect(await site.seedSiteContent(createSiteContentSeed(), at(0))).toBe(true);
    expect(await site.seedSiteContent(withEyebrow('Other'), at(1))).toBe(false);
    const draft = await site.readDraft();
    const published = await site.readPublished();
    expect(draft?.content).toEqual(createSiteContentSeed());
    expect(published?.content).toEqual(createSiteContentSeed());
    expect(published?.revision).toBe(draft?.revision);
    const history = await site.listSiteRevisions(10);
    expect(history).toHaveLength(1);
    expect(history[0]?.publishedBy).toBe('ann@example.com');
  });

  it('saves a draft at its revision, refuses a stale one and leaves the page alone', async () => {
    const { site } = subject.store;
    await site.seedSiteContent(createSiteContentSeed(), at(0));
    const first = await site.readDraft();
    const saved = await site.saveDraft(withEyebrow('Mine'), first!.revision, at(1));
    expect(saved.kind).toBe('saved');
    if (saved.kind !== 'saved') return;
    expect(saved.draft.revision).not.toBe(first?.revision);

    const stale = await site.saveDraft(withEyebrow('Theirs'), first!.revision, at(2));
    expect(stale).toMatchObject({ kind: 'conflict', current: { revision: saved.draft.revision } });
    expect((await site.readDraft())?.content.hero.eyebrow).toBe('Mine');
    expect((await site.readPublished())?.content.hero.eyebrow).toBe(
      createSiteContentSeed().hero.eyebrow,
    );
  });

  it('publishes the draft at its revision with a summary, newest first in the history', async () => {
    const { site } = subject.store;
    await site.seedSiteContent(createSiteContentSeed(), at(0));
    const seeded = await site.readDraft();
    const saved = await site.saveDraft(withEyebrow('Published'), seeded!.revision, at(1));
    if (saved.kind !== 'saved') throw new Error('not saved');

    expect(await site.publishDraft(seeded!.revision, { ...at(2), summarize })).toMatchObject({
      kind: 'conflict',
    });
    const published = await site.publishDraft(saved.draft.revision, { ...at(3), summarize });
    expect(published).toMatchObject({
      kind: 'published',
      revision: { revision: saved.draft.revision, summary: 'Changed: Hero' },
    });
    expect((await site.readPublished())?.content.hero.eyebrow).toBe('Published');
    const again = await site.publishDraft(saved.draft.revision, { ...at(4), summarize });
    expect(again).toEqual(published);
    const history = await site.listSiteRevisions(10);
    expect(history.map((entry) => entry.revision)).toEqual([
      saved.draft.revision,
      seeded!.revision,
    ]);
  });

  it('restores an old publish as the draft, refusing a stale revision or an unknown id', async () => {
    const { site } = subject.store;
    await site.seedSiteContent(createSiteContentSeed(), at(0));
    const seeded = await site.readDraft();
    const saved = await site.saveDraft(withEyebrow('Later'), seeded!.revision, at(1));
    if (saved.kind !== 'saved') throw new Error('not saved');
    await site.publishDraft(saved.draft.revision, { ...at(2), summarize });
    const oldest = (await site.listSiteRevisions(10)).at(-1)!;

    expect(await site.restoreSiteRevision(oldest.id, seeded!.revision, at(3))).toMatchObject({
      kind: 'conflict',
    });
    expect(
      await site.restoreSiteRevision(crypto.randomUUID(), saved.draft.revision, at(3)),
    ).toEqual({ kind: 'not-found' });
    const restored = await site.restoreSiteRevision(oldest.id, saved.draft.revision, at(4));
    expect(restored.kind).toBe('saved');
    expect((await site.readDraft())?.content).toEqual(createSiteContentSeed());
    expect((await site.readPublished())?.content.hero.eyebrow).toBe('Later');
  });

  it(`keeps the last ${SITE_REVISIONS_KEPT} publishes`, async () => {
    const { site } = subject.store;
    await site.seedSiteContent(createSiteContentSeed(), at(0));
    let revision = (await site.readDraft())!.revision;
    for (let index = 1; index <= SITE_REVISIONS_KEPT + 2; index += 1) {
      const saved = await site.saveDraft(withEyebrow(`Edit ${index}`), revision, at(index));
      if (saved.kind !== 'saved') throw new Error('not saved');
      revision = saved.draft.revision;
      await site.publishDraft(revision, { ...at(index), summarize });
    }
    const history = await site.listSiteRevisions(500);
    expect(history).toHaveLength(SITE_REVISIONS_KEPT);
    expect(history[0]?.revision).toBe(revision);
    // Two hundred transactions: seconds on a busy machine.
  });

  it('replaces the draft whatever its revision, for an import', async () => {
    const { site } = subject.store;
    await site.seedSiteContent(createSiteContentSeed(), at(0));
    const imported = await site.replaceDraft(withEyebrow('Imported'), at(1));
    expect(await site.readDraft()).toEqual(imported);
  });
});

describeEachStore('the media repository', (subject) => {
  it('stores an image once, and serves each file by hash, width and format', async () => {
    const { site } = subject.store;
    const image = {
      hash: 'a'.repeat(64),
      width: 800,
      height: 600,
      files: [
        { width: 400, format: 'jpg' as const, bytes: Buffer.from([1, 2, 3]) },
        { width: 800, format: 'jpg' as const, bytes: Buffer.from([4, 5, 6, 0]) },
      ],
    };
    await site.saveMedia(image, at(0));
    await site.saveMedia(image, at(1));
    expect(await site.findMedia(image.hash)).toEqual({
      hash: image.hash,
      width: 800,
      height: 600,
      files: [
        { width: 400, format: 'jpg' },
        { width: 800, format: 'jpg' },
      ],
    });
    expect(await site.readMediaFile(image.hash, 800, 'jpg')).toEqual(Buffer.from([4, 5, 6, 0]));
    expect(await site.readMediaFile(image.hash, 800, 'avif')).toBeNull();
    expect(await site.findMedia('b'.repeat(64))).toBeNull();
  });
});
