import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  SiteContentDraftSchema,
  SiteContentSchema,
  type SiteContent,
} from '../../../common/site-content';
import { toSiteContentFieldErrors } from '../../../common/site-content-errors';
import { describeContentChanges } from '../../site/describe-changes';
import type { LiveSite } from '../../site/live-site';
import type { SiteProblem } from '../../site/site-problem';
import type { SiteContentRepository, SiteDocument } from '../../store/site/site-content-repository';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioContext, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { etagOf, pickRevision, readIfMatch } from './if-match';

/** A whole document with room to spare (today's is about 12 KB). */
export const SITE_CONTENT_BODY_LIMIT = 512 * 1024;
const REVISIONS_LISTED = 100;

/** The body of PUT site/draft; the content is validated on its own, so errors name its fields. */
const DraftBodySchema = z.strictObject({ content: z.unknown() });

type Parsed =
  | { ok: true; content: SiteContent }
  | { ok: false; fieldErrors: ReturnType<typeof toSiteContentFieldErrors> };

function parseContent(schema: typeof SiteContentSchema, value: unknown): Parsed {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, content: parsed.data }
    : { ok: false, fieldErrors: toSiteContentFieldErrors(parsed.error) };
}

const problemJson = (problem: SiteProblem) => ({
  revision: problem.revision,
  field: problem.field,
  message: problem.message,
  since: problem.since.toISOString(),
});

/**
 * The site's content in the studio: the draft (read, save), publish, the history and restore.
 * Every change names the draft revision it was made on (If-Match); a stale one gets 412 with
 * the current draft, so two editors never overwrite each other unknowingly. A publish saved but
 * not yet shown (its render failed after the commit) gets 202, never a 5xx: it is kept, and every
 * instance keeps trying to show it.
 */
export function registerSiteRoutes(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  site: SiteContentRepository,
  liveSite: Pick<LiveSite, 'showPublished' | 'problem'>,
): void {
  const { respond } = kit;
  const router = new Hono<StudioEnv>();
  const editor = (c: StudioContext) => ({ by: requireStaff(c).email, now: new Date(kit.now()) });

  const answerDocument = (document: SiteDocument) =>
    respond.json(
      200,
      { content: document.content, revision: document.revision },
      { etag: etagOf(document.revision) },
    );
  const answerConflict = (current: SiteDocument) =>
    respond.json(
      412,
      {
        success: false,
        error: 'revision_conflict',
        current: { content: current.content, revision: current.revision },
      },
      { etag: etagOf(current.revision) },
    );
  const answerInvalid = (fieldErrors: ReturnType<typeof toSiteContentFieldErrors>) =>
    respond.json(422, { success: false, error: 'invalid_content', fieldErrors });
  const answerPreconditionRequired = () => respond.error(428, 'precondition_required');

  const readDraft = async () => {
    const draft = await site.readDraft();
    if (draft === null) throw new Error('The site content was never seeded');
    return draft;
  };

  router.get('/site/draft', async () => answerDocument(await readDraft()));

  router.put('/site/draft', async (c) => {
    const precondition = readIfMatch(c.req.header('if-match') ?? null);
    if (precondition.kind === 'missing') return answerPreconditionRequired();
    const body = await readStudioBody(c.req.raw, DraftBodySchema, {
      limit: SITE_CONTENT_BODY_LIMIT,
      respond,
    });
    if (!body.ok) return body.response;
    const parsed = parseContent(SiteContentDraftSchema, body.value.content);
    if (!parsed.ok) return answerInvalid(parsed.fieldErrors);
    const current = await readDraft();
    const change = await site.saveDraft(
      parsed.content,
      pickRevision(precondition, current.revision),
      editor(c),
    );
    return change.kind === 'saved' ? answerDocument(change.draft) : answerConflict(change.current);
  });

  router.post('/site/publish', async (c) => {
    const precondition = readIfMatch(c.req.header('if-match') ?? null);
    if (precondition.kind === 'missing') return answerPreconditionRequired();
    const draft = await readDraft();
    const revision = pickRevision(precondition, draft.revision);
    if (revision !== draft.revision) return answerConflict(draft);
    const parsed = parseContent(SiteContentSchema, draft.content);
    if (!parsed.ok) return answerInvalid(parsed.fieldErrors);
    const outcome = await site.publishDraft(revision, {
      ...editor(c),
      summarize: describeContentChanges,
    });
    if (outcome.kind === 'conflict') return answerConflict(outcome.current);
    const { revision: published } = outcome;
    await kit.audit(c, 'site.publish', requireStaff(c).email, published.summary);
    // Served before the answer, so the publisher's next look at / shows it. The other
    // instances were told at commit (watch-published-site.ts).
    await liveSite.showPublished();
    const answer = {
      revision: published.revision,
      publishedAt: published.publishedAt.toISOString(),
    };
    const problem = liveSite.problem();
    if (problem?.revision !== published.revision) return respond.json(200, answer);
    return respond.json(202, { ...answer, live: false, problem: problemJson(problem) });
  });

  router.get('/site/live', () => {
    const problem = liveSite.problem();
    return respond.json(200, { problem: problem === null ? null : problemJson(problem) });
  });

  router.get('/site/revisions', async () => {
    const revisions = await site.listSiteRevisions(REVISIONS_LISTED);
    const publishedRevision = await site.readPublishedRevision();
    // The newest publish of the revision the page shows is the live one.
    const live = revisions.find((revision) => revision.revision === publishedRevision);
    return respond.json(200, {
      items: revisions.map((entry) => ({
        ...entry,
        publishedAt: entry.publishedAt.toISOString(),
        isLive: entry === live,
        restoredFrom:
          entry.restoredFrom === null
            ? null
            : {
                id: entry.restoredFrom.id,
                publishedAt: entry.restoredFrom.publishedAt?.toISOString() ?? null,
              },
      })),
    });
  });

  router.post('/site/revisions/:id/restore', async (c) => {
    const precondition = readIfMatch(c.req.header('if-match') ?? null);
    if (precondition.kind === 'missing') return answerPreconditionRequired();
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(404, 'not_found');
    const current = await readDraft();
    const outcome = await site.restoreSiteRevision(
      id,
      pickRevision(precondition, current.revision),
      editor(c),
    );
    if (outcome.kind === 'not-found') return respond.error(404, 'not_found');
    if (outcome.kind === 'conflict') return answerConflict(outcome.current);
    await kit.audit(c, 'site.restore', requireStaff(c).email, id);
    return answerDocument(outcome.draft);
  });

  app.route('/', router);
}
