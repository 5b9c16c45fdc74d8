import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { publishEdit, saveDraftEdit } from './helpers/site-publishing';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

type Entry = {
  kind: 'publish' | 'replaced_draft';
  id: string;
  revision: string;
  publishedAt: string;
  isLive: boolean;
  restoredFrom: { id: string; publishedAt: string | null } | null;
};

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`the site's history (${backend.name})`, () => {
    let app: TestApp;
    let ann: StudioStaff;

    beforeAll(async () => {
      app = await startTestApp(backend);
      ann = await createSignedInStaff(studioTargetOf(app));
    });
    afterAll(() => app.close());

    const call = (path: string, init: { method?: string; ifMatch?: string } = {}) =>
      studioFetch(studioTargetOf(app), path, {
        method: init.method,
        cookie: ann.cookie,
        headers: init.ifMatch === undefined ? {} : { 'if-match': init.ifMatch },
      });
    const history = async () =>
      ((await (await call('/site/revisions')).json()) as { items: Entry[] }).items;
    const edit = (quote: string) =>
      publishEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });
    const preview = (query: string, cookie = ann.cookie) =>
      fetch(`${app.url}/studio/preview${query}`, {
        headers: { cookie, origin: app.config.siteOrigin },
      });

    it('marks the live publish and records which publish a restore brought back', async () => {
      await edit('The first quote.');
      await edit('The second quote.');
      const [second, first] = await history();
      expect(second).toMatchObject({ isLive: true, restoredFrom: null });
      expect(first?.isLive).toBe(false);

      const draft = (await (await call('/site/draft')).json()) as { revision: string };
      const restored = await call(`/site/revisions/${first!.id}/restore`, {
        method: 'POST',
        ifMatch: `"${draft.revision}"`,
      });
      const restoredDraft = (await restored.json()) as { revision: string };
      const published = await call('/site/publish', {
        method: 'POST',
        ifMatch: `"${restoredDraft.revision}"`,
      });
      expect(published.status).toBe(200);
      const [newest, ...older] = await history();
      expect(newest).toMatchObject({
        isLive: true,
        restoredFrom: { id: first!.id, publishedAt: first!.publishedAt },
      });
      expect(older.every((entry) => !entry.isLive)).toBe(true);

      // An edit after a restore makes an ordinary publish again.
      await edit('Changed after the restore.');
      expect((await history())[0]?.restoredFrom).toBeNull();
    });

    it('previews an old version to staff only, never cached or indexed', async () => {
      const entries = await history();
      const old = entries.find((entry) => !entry.isLive && entry.restoredFrom === null)!;
      const response = await preview(`?revision=${old.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('Preview of the version published');
      expect(html).not.toContain('Changed after the restore.');

      expect((await preview(`?revision=${old.id}`, '')).status).toBe(401);
      expect((await preview(`?revision=${crypto.randomUUID()}`)).status).toBe(404);
      expect((await preview('?revision=%3Cscript%3E')).status).toBe(404);
      // Without the parameter it is still the draft.
      expect(await (await preview('')).text()).toContain('Changed after the restore.');
    });

    it('keeps the unpublished draft a restore replaced in the history, restorable, and only that', async () => {
      await edit('Live words.');
      const saved = await saveDraftEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = 'Words not yet published.';
      });
      const [live, older] = await history();
      const restore = (id: string, revision: string) =>
        call(`/site/revisions/${id}/restore`, { method: 'POST', ifMatch: `"${revision}"` });
      const restored = await restore(older!.id, saved.revision);
      expect(restored.status).toBe(200);
      const afterRestore = (await restored.json()) as { revision: string };

      const [kept, ...rest] = await history();
      expect(kept).toMatchObject({ kind: 'replaced_draft', isLive: false, restoredFrom: null });
      expect(rest[0]).toMatchObject({ id: live!.id, kind: 'publish', isLive: true });
      // A stale restore changes nothing and keeps nothing.
      expect((await restore(older!.id, saved.revision)).status).toBe(412);
      expect((await history()).filter((entry) => entry.kind === 'replaced_draft')).toHaveLength(1);

      const back = await restore(kept!.id, afterRestore.revision);
      const draft = (await back.json()) as {
        content: { testimonials: { items: { quote: string }[] } };
        revision: string;
      };
      expect(draft.content.testimonials.items[0]?.quote).toBe('Words not yet published.');
      // The draft this restore replaced (the older version, not the page) is kept in turn.
      expect((await history()).filter((entry) => entry.kind === 'replaced_draft')).toHaveLength(2);

      // A draft that is the page loses nothing: restoring over it keeps no copy.
      await publishEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = 'Published again.';
      });
      const current = (await (await call('/site/draft')).json()) as { revision: string };
      const before = (await history()).length;
      expect((await restore(older!.id, current.revision)).status).toBe(200);
      expect(await history()).toHaveLength(before);
    });
  });
}
