import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { StudioServer } from './studio-server';

/** The draft as the studio API answers it. */
export type ApiDraft = { content: unknown; revision: string };

const SITE_API = '/api/studio/site';

/**
 * The studio API with the signed-in page's cookie, as the editor's own requests send it: the
 * Origin header is the studio's, so the server's cross-site check lets it through.
 */
export function studioSiteApi(page: Page, studio: StudioServer) {
  const headers = (revision?: string) => ({
    origin: studio.origin,
    ...(revision === undefined ? {} : { 'if-match': `"${revision}"` }),
  });
  return {
    async readDraft(): Promise<ApiDraft> {
      const answer = await page.request.get(`${studio.origin}${SITE_API}/draft`, {
        headers: headers(),
      });
      expect(answer.status()).toBe(200);
      return (await answer.json()) as ApiDraft;
    },
    /** Saves `content` on `revision`; the answer's status and body, for the caller to judge. */
    async saveDraft(content: unknown, revision: string) {
      const answer = await page.request.put(`${studio.origin}${SITE_API}/draft`, {
        headers: headers(revision),
        data: { content },
      });
      return { status: answer.status(), body: (await answer.json()) as Record<string, unknown> };
    },
    async publish(revision: string): Promise<void> {
      const answer = await page.request.post(`${studio.origin}${SITE_API}/publish`, {
        headers: headers(revision),
      });
      expect(answer.status()).toBe(200);
    },
  };
}
