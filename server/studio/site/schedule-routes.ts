import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { SiteContentSchema } from '../../../common/site-content';
import { toSiteContentFieldErrors } from '../../../common/site-content-errors';
import type { SiteContentRepository } from '../../store/site/site-content-repository';
import type {
  SiteSchedule,
  SiteScheduleRepository,
} from '../../store/site/site-schedule-repository';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { pickRevision, readIfMatch } from './if-match';

/** `{at}` and nothing else: a few dozen bytes. */
const SCHEDULE_BODY_LIMIT = 1024;
/** A publish is scheduled for the coming year at most; further is more likely a typo. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
const SCHEDULES_LISTED = 50;

/** An instant: date, time and an offset (`Z` or `+01:00`), since a wall time alone is ambiguous. */
const ScheduleBodySchema = z.strictObject({ at: z.unknown() });
const InstantSchema = z.iso.datetime({ offset: true });

type AtProblem = 'malformed' | 'past' | 'too_far';

function readAt(
  raw: unknown,
  now: number,
): { ok: true; at: Date } | { ok: false; problem: AtProblem } {
  const parsed = InstantSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'malformed' };
  const at = new Date(parsed.data);
  if (Number.isNaN(at.getTime())) return { ok: false, problem: 'malformed' };
  if (at.getTime() <= now) return { ok: false, problem: 'past' };
  if (at.getTime() - now > SCHEDULE_MAX_AHEAD_MS) return { ok: false, problem: 'too_far' };
  return { ok: true, at };
}

const scheduleJson = (schedule: SiteSchedule) => ({
  id: schedule.id,
  at: schedule.at.toISOString(),
  revision: schedule.revision,
  by: schedule.by,
  state: schedule.state,
  settledAt: schedule.settledAt?.toISOString() ?? null,
  reason: schedule.reason,
});

/**
 * Scheduled publishes: schedule the draft at its revision (a copy of it is what will be
 * published, whatever is edited after), list them, cancel a pending one. Publishing them is
 * the instances' work (server/site/scheduled-publishes.ts).
 */
export function registerScheduleRoutes(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  site: Pick<SiteContentRepository, 'readDraft'> & SiteScheduleRepository,
): void {
  const { respond } = kit;
  const router = new Hono<StudioEnv>();

  router.post('/site/schedule', async (c) => {
    const precondition = readIfMatch(c.req.header('if-match') ?? null);
    if (precondition.kind === 'missing') return respond.error(428, 'precondition_required');
    const body = await readStudioBody(c.req.raw, ScheduleBodySchema, {
      limit: SCHEDULE_BODY_LIMIT,
      respond,
    });
    if (!body.ok) return body.response;
    const at = readAt(body.value.at, kit.now());
    if (!at.ok) {
      return respond.json(422, {
        success: false,
        error: 'invalid_schedule',
        fieldErrors: { at: at.problem },
      });
    }
    const draft = await site.readDraft();
    if (draft === null) throw new Error('The site content was never seeded');
    const revision = pickRevision(precondition, draft.revision);
    const conflict = () =>
      respond.json(412, {
        success: false,
        error: 'revision_conflict',
        current: { content: draft.content, revision: draft.revision },
      });
    if (revision !== draft.revision) return conflict();
    // What a publish would refuse now is refused now, not at the scheduled time.
    const parsed = SiteContentSchema.safeParse(draft.content);
    if (!parsed.success) {
      return respond.json(422, {
        success: false,
        error: 'invalid_content',
        fieldErrors: toSiteContentFieldErrors(parsed.error),
      });
    }
    const staff = requireStaff(c).email;
    const outcome = await site.scheduleDraft(
      { id: randomUUID(), at: at.at, expectedRevision: revision },
      { by: staff, now: new Date(kit.now()) },
    );
    if (outcome.kind === 'conflict') return conflict();
    const { schedule } = outcome;
    await kit.audit(c, 'site.schedule', staff, `${schedule.id} at ${schedule.at.toISOString()}`);
    return respond.json(201, {
      id: schedule.id,
      at: schedule.at.toISOString(),
      revision: schedule.revision,
    });
  });

  router.get('/site/schedule', async () => {
    const schedules = await site.listSchedules(SCHEDULES_LISTED);
    return respond.json(200, {
      items: schedules.map(scheduleJson),
      timeZone: kit.config.studio.timeZone,
    });
  });

  router.delete('/site/schedule/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(404, 'not_found');
    const staff = requireStaff(c).email;
    const outcome = await site.cancelSchedule(id, { by: staff, now: new Date(kit.now()) });
    if (outcome.kind === 'not-found') return respond.error(404, 'not_found');
    if (outcome.kind === 'settled') {
      return respond.json(409, { success: false, error: 'not_pending', state: outcome.state });
    }
    await kit.audit(c, 'site.schedule.cancel', staff, id);
    return respond.empty();
  });

  app.route('/', router);
}
