import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import {
  askedTimeZoneOf,
  BookingRequestSchema,
  CancelReasonSchema,
} from '../../common/booking-request';
import {
  BOOK_PATH,
  MANAGE_PATH,
  type BookingFields,
  type BookingNotice,
  type BookingPage,
  type CallTime,
  type SlotDay,
  type SlotWeek,
} from '../../common/booking-page';
import { createMeetingRoomName } from '../booking/meeting-room';
import {
  describeMeeting,
  describeMeetingBeforeBooking,
  type CallPlace,
  type MeetingWords,
} from '../../common/meeting-words';
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
import { pickWeek } from '../booking/slot-weeks';
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

const STATUS_OF_REFUSAL: Record<TimeRefusal['kind'], number> = {
  invalid_slot: 422,
  slot_taken: 409,
  calendar_unavailable: 503,
};

/** What the visitor sees of the days: one week of them, its free times, and any notice. */
type ShownDays = { days: SlotDay[]; week: SlotWeek; notice: BookingNotice | null };

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
  const fields: BookingFields[] = ['start', 'name', 'email', 'note', 'phone', 'timeZone'];
  return Object.fromEntries(fields.map((name) => [name, textOf(body, name)]));
}

/** The one `token` in the address; none, or more than one, is no link this site sent. */
function tokenOf(c: Context<AppEnv>): string | null {
  const tokens = new URL(c.req.url).searchParams.getAll('token');
  return tokens.length === 1 ? (tokens[0] ?? null) : null;
}

/** The visitor's zone asked for (`?timeZone=…`), to choose in the form without script. */
function askedValuesOf(c: Context<AppEnv>): Partial<Record<BookingFields, string>> {
  const timeZone = askedTimeZoneOf(new URL(c.req.url).searchParams.get('timeZone'));
  return timeZone === undefined ? {} : { timeZone };
}

/** The first day of the week asked for (`?from=YYYY-MM-DD`), if any. */
function fromOf(c: Context<AppEnv>): string | null {
  return new URL(c.req.url).searchParams.get('from');
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

  /**
   * The free times of the week asked for (from today up to the last bookable day); none, and
   * the calendar's notice, while it cannot be read.
   */
  async function weekOfFreeDays(asked: string | null): Promise<ShownDays> {
    const { horizonDays } = await service.store.bookings.readAvailability();
    const { first, last, week } = pickWeek(asked, service.now(), timeZone, horizonDays);
    try {
      const { slots } = await deps.freeSlots.list(first, last);
      return { days: groupSlotsByDay(slots, timeZone), week, notice: null };
    } catch (error) {
      if (!(error instanceof CalendarUnavailableError)) throw error;
      deps.log('warn', 'calendar unavailable', { path: BOOK_PATH, error: error.message });
      return { days: [], week, notice: 'calendar_unavailable' };
    }
  }

  /** The slots to offer after a refusal: the nearest free ones when the time was just taken. */
  async function daysAfter(refusal: TimeRefusal): Promise<Omit<ShownDays, 'notice'>> {
    const { days, week } = await weekOfFreeDays(null);
    if (refusal.kind === 'slot_taken' && refusal.nearest.length > 0) {
      return { days: groupSlotsByDay(refusal.nearest, timeZone), week };
    }
    return { days: refusal.kind === 'calendar_unavailable' ? [] : days, week };
  }

  /** Where a booked call happens, as its pages say it: its room, or the number rung. */
  async function whereOf(call: CallPlace): Promise<MeetingWords | null> {
    const { meeting } = await service.store.bookings.readAvailability();
    return describeMeeting(meeting, call);
  }

  async function bookPage(
    status: number,
    page: Pick<
      Extract<BookingPage, { kind: 'book' }>,
      'days' | 'week' | 'values' | 'fieldErrors' | 'notice'
    >,
  ): Promise<Response> {
    const { meeting } = await service.store.bookings.readAvailability();
    return forms.page(status, {
      kind: 'book',
      zoneLabel,
      timeZone,
      // Anyone may read this page: a video room is for those who booked.
      where: describeMeetingBeforeBooking(meeting),
      asksPhone: meeting?.kind === 'phone',
      ...page,
    });
  }

  async function managePage(
    status: number,
    call: Booking,
    token: string,
    shown: ShownDays,
    confirmingCancel = false,
  ): Promise<Response> {
    const page = {
      kind: 'manage',
      call: callTime(call),
      where: await whereOf(call),
      zoneLabel,
      timeZone,
      ...shown,
      confirmingCancel,
      self: `${MANAGE_PATH}?token=${encodeURIComponent(token)}`,
    } as const;
    return forms.page(status, page, LINK_HEADERS);
  }

  function linkGone(status: 404 | 410): Promise<Response> {
    return forms.page(status, { kind: 'link-gone', isSpent: status === 410 }, LINK_HEADERS);
  }

  async function answerManaged(
    call: Booking,
    token: string,
    outcome: ManageOutcome,
  ): Promise<Response> {
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
        const shown = { ...(await daysAfter(outcome)), notice: outcome.kind };
        return managePage(STATUS_OF_REFUSAL[outcome.kind], call, token, shown);
      }
    }
  }

  return {
    async showBook(c) {
      const shown = await weekOfFreeDays(fromOf(c));
      const values = askedValuesOf(c);
      return bookPage(shown.notice === null ? 200 : 503, { ...shown, values, fieldErrors: {} });
    },

    async book(c) {
      const guarded = await guardApiRequest(c, deps);
      if (!guarded.ok) return guarded.response;
      const values = valuesOf(guarded.body);
      const parsed = BookingRequestSchema.safeParse(guarded.body);
      if (!parsed.success) {
        const { days, week } = await weekOfFreeDays(null);
        const fieldErrors = toFieldErrors(parsed.error);
        return bookPage(422, { days, week, values, fieldErrors, notice: 'invalid_fields' });
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
            where: await whereOf(outcome.booking),
          });
        case 'replayed':
        case 'spam':
          // Spam gets the page a booking would: a bot learns nothing from it.
          return forms.page(201, {
            kind: 'booked',
            call: callTime(outcome.slot),
            email: request.email,
            where: await whereOf(
              outcome.booking ?? {
                phone: request.phone === undefined || request.phone === '' ? null : request.phone,
                // A room of no one's, so that the page reads as a booking's.
                meetingRoom: createMeetingRoomName(),
              },
            ),
          });
        case 'idempotency_conflict':
          return refuse(deps, 'form', 422, 'idempotency_conflict');
        case 'client_full':
          return refuse(deps, 'form', 429, 'rate_limited', CLIENT_FULL_HEADERS);
        case 'phone_required': {
          const { days, week } = await weekOfFreeDays(null);
          const fieldErrors = { phone: 'required' } as const;
          return bookPage(422, { days, week, values, fieldErrors, notice: 'invalid_fields' });
        }
        default:
          // The refused time is not chosen again: the visitor picks among those offered.
          return bookPage(STATUS_OF_REFUSAL[outcome.kind], {
            ...(await daysAfter(outcome)),
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
      const shown = await weekOfFreeDays(fromOf(c));
      return managePage(200, call.booking, token, shown);
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
      // Cancelling asks first: the first press shows the question, with room for a reason.
      if (action === 'ask-cancel') {
        return managePage(200, call.booking, token, await weekOfFreeDays(null), true);
      }
      if (action === 'cancel') {
        const reason = CancelReasonSchema.safeParse(textOf(guarded.body, 'reason') ?? '');
        if (!reason.success) {
          const shown = { ...(await weekOfFreeDays(null)), notice: 'invalid_fields' } as const;
          return managePage(422, call.booking, token, shown, true);
        }
        const given = reason.data === '' ? null : reason.data;
        return answerManaged(call.booking, token, await cancelByLink(service, token, given));
      }
      const outcome: ManageOutcome =
        action === 'reschedule' && start !== ''
          ? await rescheduleByLink(service, token, start)
          : { kind: 'invalid_slot', reason: 'malformed' };
      return answerManaged(call.booking, token, outcome);
    },
  };
}
