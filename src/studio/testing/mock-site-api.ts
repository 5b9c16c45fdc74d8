import type { SiteContent } from '../../../common/site-content';
import { DRAFT, NO_SCHEDULES, REVISIONS } from './site-content-fixture';
import { json, ME, mockStudioApi, type RecordedCall } from './mock-studio-api';

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** The content a PUT site/draft sent. */
export const sentContent = (call: RecordedCall | undefined) =>
  (call?.body as { content: SiteContent } | undefined)?.content;

/**
 * The site editor's API: the draft at rev-1, two revisions in the history, and saves that
 * succeed with the next revision, unless a test answers otherwise.
 */
export function mockSiteApi(handlers: Record<string, Handler> = {}) {
  let saves = 1;
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET site/draft': () => json(200, DRAFT, { ETag: `"${DRAFT.revision}"` }),
    'GET site/revisions': () => json(200, { items: REVISIONS }),
    'GET site/live': () => json(200, { problem: null }),
    'GET site/schedule': () => json(200, NO_SCHEDULES),
    'PUT site/draft': (call) => {
      saves += 1;
      return json(200, { content: sentContent(call), revision: `rev-${saves}` });
    },
    ...handlers,
  });
}
