import { SiteContentSchema } from '../../common/site-content';
import { toSiteContentFieldErrors } from '../../common/site-content-errors';
import type { Log } from '../log';
import type { SiteScheduleRepository } from '../store/site/site-schedule-repository';
import { describeContentChanges } from './describe-changes';
import type { LiveSite } from './live-site';
import type { RenderSite } from './render-site';

/** How often every instance looks for a due schedule: a publish is at most this late. */
export const SCHEDULE_CHECK_INTERVAL_MS = 5_000;

export type ScheduledPublishes = {
  /** Publishes what is due now; resolves once done (or after the one already running). */
  check(): Promise<void>;
  /** Clears the timer and waits for a check in progress. */
  stop(): Promise<void>;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Why a scheduled document cannot be published now, in the owner's words, or null when it can:
 * it must still meet the publish rules (a newer version of the site may have tightened them)
 * and still render.
 */
function findBlocker(render: RenderSite, content: unknown, now: Date): string | null {
  const parsed = SiteContentSchema.safeParse(content);
  if (!parsed.success) {
    const fields = Object.keys(toSiteContentFieldErrors(parsed.error));
    return `This version no longer meets the rules for publishing (${fields.join(', ')}).`;
  }
  try {
    render(parsed.data, now);
    return null;
  } catch (error) {
    return `This version could not be made into a page: ${messageOf(error)}`;
  }
}

/**
 * Publishes scheduled versions when they are due, now and every few seconds, on every instance.
 * Each due schedule is checked (rules, render), then claimed and published in one transaction,
 * so exactly one instance publishes it however many try, and one that died mid-way leaves it
 * pending for the next. A schedule whose time passed while no instance ran is published at the
 * next start, late; one that cannot be published is marked failed with the reason.
 */
export function startScheduledPublishes(options: {
  schedules: SiteScheduleRepository;
  renderSite: RenderSite;
  liveSite: Pick<LiveSite, 'showPublished'>;
  log: Log;
  now: () => number;
  intervalMs?: number;
}): ScheduledPublishes {
  const { schedules, log } = options;

  const publishOne = async (id: string): Promise<void> => {
    const now = new Date(options.now());
    const scheduled = await schedules.readPendingSchedule(id);
    if (scheduled === null) return;
    const blocker = findBlocker(options.renderSite, scheduled.content, now);
    if (blocker !== null) {
      if (await schedules.failSchedule(id, blocker, now)) {
        log('warn', 'scheduled publish failed', { schedule: id, reason: blocker });
      }
      return;
    }
    const published = await schedules.publishSchedule(id, {
      now,
      summarize: describeContentChanges,
    });
    // Another instance published it first.
    if (published === null) return;
    log('info', 'scheduled publish done', { schedule: id, revision: published.entry.revision });
    await options.liveSite.showPublished();
  };

  const publishDue = async (): Promise<void> => {
    try {
      for (const id of await schedules.listDueSchedules(new Date(options.now()))) {
        await publishOne(id);
      }
    } catch (error) {
      // The store is away, say: the schedule stays pending and the next check tries again.
      log('warn', 'scheduled publishes not checked', { error: messageOf(error) });
    }
  };

  let running: Promise<void> = Promise.resolve();
  const check = (): Promise<void> => {
    running = running.then(publishDue);
    return running;
  };
  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? SCHEDULE_CHECK_INTERVAL_MS);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
