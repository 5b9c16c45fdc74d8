import { createBearerCheck } from '../metrics/bearer-token';
import type { HeaderRecord } from '../security-headers';
import type { MailboxTrouble } from '../mailbox/start-mailbox-watch';
import type { CalendarTrouble } from '../booking/calendar/calendar-trouble';
import { describeForOperator, type SiteProblem } from '../site/site-problem';
import type { Store } from '../store/store';

export type HealthHandlers = {
  live: () => Response;
  /** `authorization` is the request's Authorization header, if any. */
  ready: (authorization: string | undefined) => Promise<Response>;
};

/** An email still undelivered after this long means the mail server is broken, not slow. */
export const DELIVERY_LATE_AFTER_MS = 15 * 60_000;

export type Readiness =
  | { status: 'ok' }
  | { status: 'degraded'; reason: string }
  | { status: 'unavailable'; reason: string };

/**
 * /healthz says the process answers; /readyz says whether it can take enquiries (503 when the
 * store is unreachable) and whether they are being delivered: still 200, but "degraded", when the
 * oldest email in the outbox has waited longer than DELIVERY_LATE_AFTER_MS, so an uptime checker
 * sees a broken mail server; "degraded" too when the published page cannot be shown and an older
 * one is served instead, when the studio's mailbox is not being read, or when its calendar cannot
 * be read (or holds events the site cannot read, held as busy). Anyone gets the status
 * word; the reason (how many emails wait, what is down, which field broke) only the holder of the
 * metrics token, as it tells an outsider how the site is doing.
 */
export function createHealthHandlers({
  store,
  readSiteProblem,
  securityHeaders,
  now,
  metricsToken,
  readMailboxTrouble = () => null,
  readCalendarTrouble = () => null,
}: {
  store: Pick<Store, 'readOutboxBacklog'>;
  readSiteProblem: () => SiteProblem | null;
  securityHeaders: HeaderRecord;
  now: () => number;
  metricsToken: string | null;
  /** Why the studio's mailbox is not being read; null when it is, or nobody watches it. */
  readMailboxTrouble?: () => MailboxTrouble;
  /** Why the studio's calendar cannot be read or holds events that cannot; null when fine or unset. */
  readCalendarTrouble?: () => CalendarTrouble;
}): HealthHandlers {
  const isOperator = metricsToken === null ? () => false : createBearerCheck(metricsToken);
  const text: HeaderRecord = {
    ...securityHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  };
  const json: HeaderRecord = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  const unavailable: HeaderRecord = { ...json, 'retry-after': '10' };

  async function readReadiness(): Promise<Readiness> {
    try {
      const { count, oldestCreatedAt } = await store.readOutboxBacklog();
      const siteProblem = readSiteProblem();
      if (siteProblem !== null) {
        return { status: 'degraded', reason: describeForOperator(siteProblem) };
      }
      const waitedMs = oldestCreatedAt === null ? 0 : now() - oldestCreatedAt.getTime();
      const mailboxTrouble = readMailboxTrouble();
      if (waitedMs <= DELIVERY_LATE_AFTER_MS && mailboxTrouble !== null) {
        return {
          status: 'degraded',
          reason: `the studio's mailbox has not been read since ${mailboxTrouble.since.toISOString()}: ${mailboxTrouble.reason}`,
        };
      }
      const calendarTrouble = readCalendarTrouble();
      if (waitedMs <= DELIVERY_LATE_AFTER_MS && calendarTrouble !== null) {
        return {
          status: 'degraded',
          reason: `${calendarTrouble.reason} (since ${calendarTrouble.since.toISOString()})`,
        };
      }
      if (waitedMs <= DELIVERY_LATE_AFTER_MS) return { status: 'ok' };
      const minutes = Math.floor(waitedMs / 60_000);
      return {
        status: 'degraded',
        reason: `email delivery is late: the oldest of ${count} undelivered emails was queued ${minutes} minutes ago`,
      };
    } catch {
      return { status: 'unavailable', reason: 'the store cannot be reached' };
    }
  }

  return {
    live: () => new Response('ok\n', { status: 200, headers: text }),
    ready: async (authorization) => {
      const readiness = await readReadiness();
      const isUnavailable = readiness.status === 'unavailable';
      const body = isOperator(authorization) ? readiness : { status: readiness.status };
      return new Response(JSON.stringify(body), {
        status: isUnavailable ? 503 : 200,
        headers: isUnavailable ? unavailable : json,
      });
    },
  };
}
