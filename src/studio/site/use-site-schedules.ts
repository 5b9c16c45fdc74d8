import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { cancelSiteSchedule, listSiteSchedules } from '../api/site-api';
import type { SiteScheduleEntry, SiteSchedules } from '../api/types';
import { describeError } from '../lib/describe-error';

/** While a publish is scheduled, how often the studio looks whether it happened. */
export const SCHEDULE_REFRESH_MS = 10_000;

export type ScheduleView = {
  /** Null until first read. */
  schedules: SiteSchedules | null;
  /** Why the schedules could not be read, or cancelled. */
  failure: string | null;
  refresh: () => void;
  cancel: (entry: SiteScheduleEntry) => Promise<boolean>;
};

const pendingIds = (schedules: SiteSchedules | null) =>
  new Set(schedules?.items.filter((item) => item.state === 'pending').map((item) => item.id));

/**
 * The scheduled publishes, read on opening and after each change, and every few seconds while
 * one is pending, so its publish or its failure shows without a reload. When one the editor saw
 * pending has been published, `onPublished` is called (the history then shows it).
 */
export function useSiteSchedules(onPublished: () => void): ScheduleView {
  const [schedules, setSchedules] = useState<SiteSchedules | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const last = useRef<SiteSchedules | null>(null);
  const seePublished = useEffectEvent(onPublished);

  useEffect(() => {
    const controller = new AbortController();
    listSiteSchedules(controller.signal).then(
      (next) => {
        const wasPending = pendingIds(last.current);
        last.current = next;
        setSchedules(next);
        setFailure(null);
        if (next.items.some((item) => item.state === 'published' && wasPending.has(item.id))) {
          seePublished();
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(describeError(error));
      },
    );
    return () => controller.abort();
  }, [reads]);

  const hasPending = schedules?.items.some((item) => item.state === 'pending') ?? false;
  useEffect(() => {
    if (!hasPending) return;
    const timer = setInterval(() => setReads((count) => count + 1), SCHEDULE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [hasPending]);

  const refresh = () => setReads((count) => count + 1);
  return {
    schedules,
    failure,
    refresh,
    cancel: async (entry) => {
      try {
        await cancelSiteSchedule(entry.id);
        return true;
      } catch (error) {
        setFailure(describeError(error));
        return false;
      } finally {
        refresh();
      }
    },
  };
}
