import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { BookingRequestSchema } from '../../common/booking-request';
import {
  BOOK_PATH,
  type BookingFields,
  type BookingNotice,
  type BookingPage,
  type CallTime,
  type SlotDay,
} from '../../common/booking-page';
import type { AttributeVisit } from '../audience/attribute-visit';
import { bookSiteCall, judgeBooking } from '../booking/book-site-call';
import {
  cancelByLink,
  readManagedCall,
  rescheduleByLink,
  type BookingServiceDeps,
  type ManageOutcome,
  type TimeRefusal,
} from '../booking/booking-service';
import { CalendarUnavailableError, type Booking, type Interval } from '../booking/booking-types';
import { describeCallTime } from '../booking/describe-call-time';
import type { FreeSlots } from '../booking/free-slots';
import { groupSlotsByDay, zoneLabelOf } from '../booking/slot-choices';
import { dayAt } from '../booking/zoned-day';
import type { AppEnv } from '../http/app-env';
import type { HeaderRecord } from '../security-headers';
import type { Log } from '../log';
import { CLIENT_FULL_HEADERS } from './booking-refusals';
import type { Challenges } from '../spam/challenges';
import { guardApiRequest, refuse, senderOf, type GuardDeps } from './api-guard';

type Handler = (c: Context<AppEnv>) => Promise<Response>;

export type BookingPageDeps = GuardDeps & {
  service: BookingServiceDeps;
  freeSlots: FreeSlots;
  challenges: Pick<Challenges, 'verify'>;
  /** Wakes the outbox worker and drops the kept slot lists: a call was booked, moved or cancelled. */
  onBookingChanged: () => void;
  attributeEnquiry: AttributeVisit;
  log: Log;
};

/** How far ahead the page looks, and how many days with a free slot it offers at once. */
const DAYS_LOOKED_AT = 28;
const DAYS_SHOWN = 5;

const STATUS_OF_REFUSAL: Record<TimeRefusal['kind'], number> = {
  invalid_slot: 422,
  slot_taken: 409,
  calendar_unavailable: 503,
};

/** The token is in the address: never send it on to another site (as the newsletter links). */
const LINK_HEADERS: HeaderRecord = { 'referrer-policy': 'same-origin' };

/** A field of the posted form as text, or undefined. */
function textOf(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The visitor's own values, to show the form again; never anything but strings. */
function valuesOf(body: unknown): Partial<Record<BookingFields, string>> {
  const fields: BookingFields[] = ['start', 'name', 'email', 'note'];
  return Object.fromEntries(fields.map((name) => [name, textOf(body, name)]));
}

/** The one `token` in the address; none, or more than one, is no link this site sent. */
function tokenOf(c: Context<AppEnv>): string | null {
  const tokens = new URL(c.req.url).searchParams.getAll('token');
  return tokens.length === 1 ? (tokens[0] ?? null) : null;
}

/**
 * The visitor's booking pages, for every browser with or without JavaScript: `/book` lists the
 * free slots as choices in a plain form that posts back to it, and `/booking/manage?token=…`
 * (the link in the invitation) cancels or moves the call. Both go through booking-service, as
 * the JSON API does, and every answer is a page in the site's look, never JSON or an error page.
 */
export function createBookingPageHandlers(deps: BookingPageDeps): {
  showBook: Handler;
  book: Handler;
  showManage: Handler;
  manage: Handler;
} {
  const { forms, service } = deps;
  const { timeZone } = service;
  const zoneLabel = zoneLabelOf(timeZone);
  const callTime = (slot: Interval): CallTime => ({
    when: describeCallTime(slot.start, slot.end, timeZone),
    start: slot.start.toISOString(),
    timeZone,
  });
  const siteBooking = { ...deps, onBooked: deps.onBookingChanged };

  /** The next days with free slots; none (and the calendar's notice) while it cannot be read. */
  async function nextFreeDays(): Promise<{ days: SlotDay[]; notice: BookingNotice | null }> {
    const today = dayAt(service.now().getTime(), timeZone);
    try {
      const { slots } = await deps.freeSlots.list(today, today.add({ days: DAYS_LOOKED_AT - 1 }));
      return { days: groupSlotsByDay(slots, timeZone).slice(0, DAYS_SHOWN), notice: null };
    } catch (error) {
      if (!(error instanceof CalendarUnavailableError)) throw error;
      deps.log('warn', 'calendar unavailable', { path: BOOK_PATH, error: error.message });
      return { days: [], notice: 'calendar_unavailable' };
    }
  }

  /** The slots to offer after a refusal: the nearest free ones when the time was just taken. */
  async function daysAfter(refusal: TimeRefusal): Promise<SlotDay[]> {
    if (refusal.kind === 'slot_taken' && refusal.nearest.length > 0) {
      return groupSlotsByDay(refusal.nearest, timeZone);
    }
    return refusal.kind === 'calendar_unavailable' ? [] : (await nextFreeDays()).days;
  }

  function bookPage(
    status: number,
    page: Omit<Extract<BookingPage, { kind: 'book' }>, 'kind' | 'zoneLabel' | 'timeZone'>,
  ): Promise<Response> {
    return forms.page(status, { kind: 'book', zoneLabel, timeZone, ...page });
  }

  function linkGone(status: 404 | 410): Promise<Response> {
    return forms.page(status, { kind: 'link-gone', isSpent: status === 410 }, LINK_HEADERS);
  }

  async function answerManaged(call: Booking, outcome: ManageOutcome): Promise<Response> {
    switch (outcome.kind) {
      case 'moved':
      case 'cancelled': {
        deps.log('info', `booking ${outcome.kind} by its link`, { id: outcome.booking.id });
        deps.onBookingChanged();
        const page = {
          kind: 'manage-done',
          done: outcome.kind,
          call: callTime(outcome.booking),
        } as const;
        return forms.page(200, page, LINK_HEADERS);
      }
      case 'not_found':
        return linkGone(404);
      case 'gone':
        return linkGone(410);
      default: {
        const days = await daysAfter(outcome);
        const page = {
          kind: 'manage',
          call: callTime(call),
          zoneLabel,
          timeZone,
          days,
          notice: outcome.kind,
        } as const;
        return forms.page(STATUS_OF_REFUSAL[outcome.kind], page, LINK_HEADERS);
      }
    }
  }

  return {
    async showBook() {
      const { days, notice } = await nextFreeDays();
      return bookPage(notice === null ? 200 : 503, { days, notice, values: {}, fieldErrors: {} });
    },

    async book(c) {
      const guarded = await guardApiRequest(c, deps);
      if (!guarded.ok) return guarded.response;
      const values = valuesOf(guarded.body);
      const parsed = BookingRequestSchema.safeParse(guarded.body);
      if (!parsed.success) {
        const { days } = await nextFreeDays();
        const fieldErrors = toFieldErrors(parsed.error);
        return bookPage(422, { days, values, fieldErrors, notice: 'invalid_fields' });
      }
      const request = parsed.data;
      const { challenge, verdict } = await judgeBooking(
        deps.challenges,
        request,
        service.now().getTime(),
      );
      // A page without script has no proof of work to send: its absence alone is not spam
      // here, the other signals and the rate limit still are (decision 0072).
      const isSpam = verdict.reasons.some((reason) => reason !== 'no-solution');
      const outcome = await bookSiteCall(siteBooking, {
        request,
        isSpam,
        challenge,
        sender: senderOf(c, guarded.ip),
        idempotency: null,
      });
      switch (outcome.kind) {
        case 'booked':
          return forms.page(201, {
            kind: 'booked',
            call: callTime(outcome.booking),
            email: outcome.booking.email,
          });
        case 'replayed':
        case 'spam':
          // Spam gets the page a booking would: a bot learns nothing from it.
          return forms.page(201, {
            kind: 'booked',
            call: callTime(outcome.slot),
            email: request.email,
          });
        case 'idempotency_conflict':
          return refuse(deps, 'form', 422, 'idempotency_conflict');
        case 'client_full':
          return refuse(deps, 'form', 429, 'rate_limited', CLIENT_FULL_HEADERS);
        default:
          // The refused time is not chosen again: the visitor picks among those offered.
          return bookPage(STATUS_OF_REFUSAL[outcome.kind], {
            days: await daysAfter(outcome),
            values: { ...values, start: undefined },
            fieldErrors: {},
            notice: outcome.kind,
          });
      }
    },

    async showManage(c) {
      const token = tokenOf(c);
      if (token === null) return linkGone(404);
      const call = await readManagedCall(service, token);
      if (call.kind !== 'open') return linkGone(call.kind === 'not_found' ? 404 : 410);
      const { days, notice } = await nextFreeDays();
      const page = {
        kind: 'manage',
        call: callTime(call.booking),
        zoneLabel,
        timeZone,
        days,
        notice,
      } as const;
      return forms.page(200, page, LINK_HEADERS);
    },

    async manage(c) {
      const guarded = await guardApiRequest(c, deps);
      if (!guarded.ok) return guarded.response;
      const token = tokenOf(c);
      if (token === null) return linkGone(404);
      const call = await readManagedCall(service, token);
      if (call.kind !== 'open') return linkGone(call.kind === 'not_found' ? 404 : 410);
      const action = textOf(guarded.body, 'action');
      const start = textOf(guarded.body, 'start') ?? '';
      if (action === 'cancel')
        return answerManaged(call.booking, await cancelByLink(service, token));
      const outcome: ManageOutcome =
        action === 'reschedule' && start !== ''
          ? await rescheduleByLink(service, token, start)
          : { kind: 'invalid_slot', reason: 'malformed' };
      return answerManaged(call.booking, outcome);
    },
  };
}
