import type { SiteContent } from '../../../common/site-content';
import { requestJson, requestWithoutBody } from './request';
import type {
  SiteDraft,
  SiteLiveProblem,
  SitePublished,
  SiteRevisionEntry,
  SiteSchedules,
  UploadedImage,
} from './types';

/** The site's content in the studio: every change names the draft revision it was made on. */

export const getSiteDraft = (signal?: AbortSignal) =>
  requestJson<SiteDraft>('site/draft', signal ? { signal } : {});

export const saveSiteDraft = (content: SiteContent, revision: string) =>
  requestJson<SiteDraft>('site/draft', { method: 'PUT', body: { content }, ifMatch: revision });

export const publishSite = (revision: string) =>
  requestJson<SitePublished>('site/publish', { method: 'POST', ifMatch: revision });

/** Whether the published revision is the page visitors see, and if not, why. */
export const getSiteLive = (signal?: AbortSignal) =>
  requestJson<{ problem: SiteLiveProblem | null }>('site/live', signal ? { signal } : {});

export const listSiteRevisions = (signal?: AbortSignal) =>
  requestJson<{ items: SiteRevisionEntry[] }>('site/revisions', signal ? { signal } : {});

export const restoreSiteRevision = (id: string, revision: string) =>
  requestJson<SiteDraft>(`site/revisions/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    ifMatch: revision,
  });

export const listSiteSchedules = (signal?: AbortSignal) =>
  requestJson<SiteSchedules>('site/schedule', signal ? { signal } : {});

/** Schedules the draft at `revision` (what will be published) for the instant `at`. */
export const scheduleSitePublish = (at: Date, revision: string) =>
  requestJson<{ id: string; at: string; revision: string }>('site/schedule', {
    method: 'POST',
    body: { at: at.toISOString() },
    ifMatch: revision,
  });

export const cancelSiteSchedule = (id: string) =>
  requestWithoutBody(`site/schedule/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function uploadMedia(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return requestJson<UploadedImage>('media', { method: 'POST', body: form });
}

/** Where the draft is rendered as `/` would render it (staff only). */
export const SITE_PREVIEW_PATH = '/studio/preview';

/** Where an old publish of the history is rendered, to look at before restoring it. */
export const sitePreviewOf = (id: string) =>
  `${SITE_PREVIEW_PATH}?revision=${encodeURIComponent(id)}`;
