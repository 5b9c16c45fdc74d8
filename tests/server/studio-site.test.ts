import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../common/site-content';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

type Draft = { content: SiteContent; revision: string };

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `the site's content in the studio (${backend.name})`,
    () => {
      let app: TestApp;
      let ann: StudioStaff;
      let bob: StudioStaff;

      beforeAll(async () => {
        app = await startTestApp(backend);
        ann = await createSignedInStaff(studioTargetOf(app));
        bob = await createSignedInStaff(studioTargetOf(app));
      });
      afterAll(() => app.close());

      const call = (
        path: string,
        init: { method?: string; body?: unknown; ifMatch?: string; who?: StudioStaff } = {},
      ) =>
        studioFetch(studioTargetOf(app), path, {
          method: init.method,
          body: init.body,
          cookie: (init.who ?? ann).cookie,
          headers: init.ifMatch === undefined ? {} : { 'if-match': init.ifMatch },
        });

      async function readDraft(): Promise<Draft> {
        const response = await call('/site/draft');
        expect(response.status).toBe(200);
        const draft = (await response.json()) as Draft;
        expect(response.headers.get('etag')).toBe(`"${draft.revision}"`);
        expect(response.headers.get('cache-control')).toBe('no-store');
        return draft;
      }

      const save = (content: unknown, revision: string, who = ann) =>
        call('/site/draft', { method: 'PUT', body: { content }, ifMatch: `"${revision}"`, who });

      it('starts from the content the build describes, already published', async () => {
        const draft = await readDraft();
        expect(draft.content).toEqual(createSiteContentSeed());
        expect((await app.store.site.readPublished())?.content).toEqual(createSiteContentSeed());
      });

      it('saves a draft at its revision, and gives the next save a new one', async () => {
        const draft = await readDraft();
        const content = structuredClone(draft.content);
        content.testimonials.items[0]!.quote = 'A quote the studio changed.';
        const response = await save(content, draft.revision);
        expect(response.status).toBe(200);
        const saved = (await response.json()) as Draft;
        expect(saved.content.testimonials.items[0]?.quote).toBe('A quote the studio changed.');
        expect(saved.revision).not.toBe(draft.revision);
        expect(response.headers.get('etag')).toBe(`"${saved.revision}"`);
        expect(await readDraft()).toEqual(saved);
      });

      it('answers a stale save with 412 and the current draft, and loses neither edit', async () => {
        const start = await readDraft();
        const annEdit = structuredClone(start.content);
        annEdit.hero.eyebrow = 'Ann was here';
        const bobEdit = structuredClone(start.content);
        bobEdit.contact.visit = 'Bob was here';

        expect((await save(annEdit, start.revision, ann)).status).toBe(200);
        const stale = await save(bobEdit, start.revision, bob);
        expect(stale.status).toBe(412);
        const body = (await stale.json()) as { error: string; current: Draft };
        expect(body.error).toBe('revision_conflict');
        expect(body.current.content.hero.eyebrow).toBe('Ann was here');

        bobEdit.hero.eyebrow = body.current.content.hero.eyebrow;
        expect((await save(bobEdit, body.current.revision, bob)).status).toBe(200);
        const merged = await readDraft();
        expect(merged.content.hero.eyebrow).toBe('Ann was here');
        expect(merged.content.contact.visit).toBe('Bob was here');
      });

      it('requires If-Match (428) and changes nothing without it', async () => {
        const before = await readDraft();
        for (const ifMatch of [undefined, '*', '']) {
          const response = await call('/site/draft', {
            method: 'PUT',
            body: { content: createSiteContentSeed() },
            ifMatch,
          });
          expect(response.status, String(ifMatch)).toBe(428);
        }
        expect((await call('/site/publish', { method: 'POST' })).status).toBe(428);
        expect(await readDraft()).toEqual(before);
      });

      it('refuses invalid content with 422 naming each field, and changes nothing', async () => {
        const before = await readDraft();
        const content = structuredClone(before.content) as SiteContent & Record<string, unknown>;
        content.footer.companyLinks[0]!.href = 'javascript:alert(document.cookie)';
        content.hero.headline.lead = 'x'.repeat(500);
        Object.assign(content.portfolio.items[0]!, { onclick: 'steal()' });
        const response = await save(content, before.revision);
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          success: false,
          error: 'invalid_content',
          fieldErrors: {
            'footer.companyLinks.0.href': 'invalid_link',
            'hero.headline.lead': 'too_long',
            'portfolio.items.0.onclick': 'unknown_field',
          },
        });
        expect((await save('not a document', before.revision)).status).toBe(422);
        const wrapped = await call('/site/draft', {
          method: 'PUT',
          body: { content: before.content, extra: 1 },
          ifMatch: `"${before.revision}"`,
        });
        expect(wrapped.status).toBe(400);
        expect(await readDraft()).toEqual(before);
      });

      it('keeps markup typed into a field as text', async () => {
        const before = await readDraft();
        const content = structuredClone(before.content);
        content.hero.eyebrow = '<img src=x onerror=alert(1)>';
        const response = await save(content, before.revision);
        expect(response.status).toBe(200);
        expect((await readDraft()).content.hero.eyebrow).toBe('<img src=x onerror=alert(1)>');
      });

      it('refuses a body over the limit with 413', async () => {
        const before = await readDraft();
        const response = await call('/site/draft', {
          method: 'PUT',
          body: { content: 'x'.repeat(600 * 1024) },
          ifMatch: `"${before.revision}"`,
        });
        expect(response.status).toBe(413);
      });

      it('saves a new project without its image, and publish names the missing image', async () => {
        const draft = await readDraft();
        const unfinished = structuredClone(draft.content);
        unfinished.portfolio.items.push({
          id: 'project-without-image',
          title: 'Half-written project',
          category: unfinished.portfolio.items[0]!.category,
          description: '',
          image: { width: 1, height: 1, sources: [] },
          imageAlt: '',
        });
        const saved = await save(unfinished, draft.revision);
        expect(saved.status).toBe(200);
        const withGap = (await saved.json()) as Draft;
        expect(withGap.content.portfolio.items.at(-1)?.title).toBe('Half-written project');

        const index = unfinished.portfolio.items.length - 1;
        const refused = await call('/site/publish', {
          method: 'POST',
          ifMatch: `"${withGap.revision}"`,
        });
        expect(refused.status).toBe(422);
        expect(await refused.json()).toMatchObject({
          fieldErrors: {
            [`portfolio.items.${index}.image.sources`]: 'invalid_image',
            [`portfolio.items.${index}.imageAlt`]: 'required',
          },
        });
        // An image with files but no JPEG is still refused, draft or not.
        const noJpeg = structuredClone(withGap.content);
        noJpeg.portfolio.items[index]!.image.sources = [
          { url: '/media/x.webp', width: 400, type: 'image/webp' },
        ];
        expect((await save(noJpeg, withGap.revision)).status).toBe(422);
        expect((await save(draft.content, withGap.revision)).status).toBe(200);
      });

      it('publishes only a complete draft at its revision, records it, and restores it', async () => {
        const draft = await readDraft();
        const gap = structuredClone(draft.content);
        gap.portfolio.items[3]!.imageAlt = '';
        const withGap = (await (await save(gap, draft.revision)).json()) as Draft;
        const refused = await call('/site/publish', {
          method: 'POST',
          ifMatch: `"${withGap.revision}"`,
        });
        expect(refused.status).toBe(422);
        expect(await refused.json()).toMatchObject({
          fieldErrors: { 'portfolio.items.3.imageAlt': 'required' },
        });

        const complete = structuredClone(withGap.content);
        complete.portfolio.items[3]!.imageAlt = 'A described image';
        complete.testimonials.items[1]!.quote = 'Published words.';
        const ready = (await (await save(complete, withGap.revision)).json()) as Draft;
        expect(
          (await call('/site/publish', { method: 'POST', ifMatch: `"${draft.revision}"` })).status,
        ).toBe(412);
        const published = await call('/site/publish', {
          method: 'POST',
          ifMatch: `"${ready.revision}"`,
        });
        expect(published.status).toBe(200);
        const result = (await published.json()) as { revision: string; publishedAt: string };
        expect(result.revision).toBe(ready.revision);
        expect(Date.parse(result.publishedAt)).not.toBeNaN();
        expect((await app.store.site.readPublished())?.content).toEqual(ready.content);

        const history = (await (await call('/site/revisions')).json()) as {
          items: { id: string; revision: string; publishedBy: string | null; summary: string }[];
        };
        expect(history.items[0]).toMatchObject({
          revision: ready.revision,
          publishedBy: ann.email,
        });
        expect(history.items[0]?.summary).toMatch(/Testimonials: \d+ fields?/);
        const first = history.items.at(-1)!;
        expect(first.publishedBy).toBeNull();

        const audit = await app.store.auth.listAudit(20);
        expect(audit.find((entry) => entry.event === 'site.publish')).toMatchObject({
          email: ann.email,
        });

        const missing = await call(`/site/revisions/${crypto.randomUUID()}/restore`, {
          method: 'POST',
          ifMatch: `"${ready.revision}"`,
        });
        expect(missing.status).toBe(404);
        const staleRestore = await call(`/site/revisions/${first.id}/restore`, {
          method: 'POST',
          ifMatch: `"${draft.revision}"`,
        });
        expect(staleRestore.status).toBe(412);
        const restored = await call(`/site/revisions/${first.id}/restore`, {
          method: 'POST',
          ifMatch: `"${ready.revision}"`,
        });
        expect(restored.status).toBe(200);
        const restoredDraft = (await restored.json()) as Draft;
        expect(restoredDraft.content).toEqual(createSiteContentSeed());
        expect(await readDraft()).toEqual(restoredDraft);
        expect((await app.store.site.readPublished())?.content).toEqual(ready.content);
        const restoreAudit = (await app.store.auth.listAudit(20)).find(
          (entry) => entry.event === 'site.restore',
        );
        expect(restoreAudit).toMatchObject({ email: ann.email, detail: first.id });
      });
    },
  );
}
