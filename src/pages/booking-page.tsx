import {
  BOOK_PATH,
  type BookingFields,
  type BookingNotice,
  type BookingPage,
  type CallTime,
  type SlotDay,
  type SlotWeek,
} from '../../common/booking-page';
import { BOOKING_LIMITS } from '../../common/booking-request';
import { bookingZoneChoices, zoneOptionLabel } from '../../common/booking-zones';
import type { MeetingWords } from '../../common/meeting-words';
import { CONTROL_CLASS, errorIdFor, FieldShell } from '../components/field-shell';
import { HoneypotField } from '../components/honeypot-field';
import { bookingPages } from '../content/booking-pages';
import { BackHome, PlainPage } from './plain-page';
import { formPages } from '../content/form-pages';

const HEADING_CLASS = 'font-display text-4xl font-semibold tracking-tight';
const BUTTON_CLASS =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-ember px-7 font-semibold text-on-ember hover:bg-ember-strong';
const NOTICE_CLASS = 'mt-6 rounded-xl bg-danger/10 px-4 py-3 font-medium text-danger';
const OUTLINE_BUTTON_CLASS =
  'inline-flex min-h-12 items-center justify-center rounded-full border border-ink px-7 font-semibold hover:bg-ink hover:text-paper';

/** The page's <title>. */
export function bookingTitleOf(page: BookingPage): string {
  switch (page.kind) {
    case 'book':
      return bookingPages.book.title;
    case 'booked':
      return bookingPages.booked.title;
    case 'manage':
      return bookingPages.manage.title;
    case 'manage-done':
      return bookingPages.manageDone[page.done].title;
    case 'link-gone':
      return bookingPages.linkGone.title;
  }
}

/**
 * The call's time in the studio's zone, the zone named; the page's script adds the visitor's
 * own start time under it when they are elsewhere (0080).
 */
function CallTimeLine({ call }: { call: CallTime }) {
  return (
    <p
      className="mt-6 text-xl font-semibold"
      data-call-start={call.start}
      data-call-zone={call.timeZone}
    >
      {call.when}
    </p>
  );
}

/** Where the call happens: a video room as a link, a phone call or a place, in words. */
function WhereLine({ where }: { where: MeetingWords | null }) {
  if (where === null) return null;
  return (
    <p className="mt-4 text-lg leading-relaxed" data-meeting>
      {where.url === null ? (
        where.text
      ) : (
        <a href={where.url} className="font-semibold text-ember underline underline-offset-4">
          {where.text}
        </a>
      )}
    </p>
  );
}

/**
 * The links to the week before and after, big enough for a thumb, so every bookable day is
 * reached without script; `hrefOf` keeps the page's own address (a manage link's token).
 */
function WeekLinks({ week, hrefOf }: { week: SlotWeek; hrefOf: (from: string) => string }) {
  const { book } = bookingPages;
  if (week.earlier === null && week.later === null) return null;
  return (
    <nav aria-label={book.weeksLabel} className="mt-4 flex flex-wrap justify-between gap-3">
      {week.earlier === null ? (
        <span />
      ) : (
        <a href={hrefOf(week.earlier)} className={OUTLINE_BUTTON_CLASS}>
          ← {book.earlier}
        </a>
      )}
      {week.later === null ? null : (
        <a href={hrefOf(week.later)} className={OUTLINE_BUTTON_CLASS}>
          {book.later} →
        </a>
      )}
    </nav>
  );
}

/** The day whose times show first: the one holding the chosen time, or else the first. */
function openDayOf(days: SlotDay[], chosen: string | undefined): number {
  const holding = days.findIndex((day) => day.slots.some((slot) => slot.start === chosen));
  return holding === -1 ? 0 : holding;
}

/**
 * The free slots as radio choices, one disclosure per day (the first, or the one holding the
 * chosen time, open) so a phone shows days, not eighty radios; each day is a fieldset named by
 * its legend for screen readers, and all the times one radio group, so the page books with
 * JavaScript off and with the keyboard alone. The studio's zone is named above them, and
 * carried for the script that adds the visitor's own times (0080).
 */
function SlotChoices({
  days,
  week,
  hrefOf,
  zoneLabel,
  timeZone,
  chosen,
  error,
}: {
  days: SlotDay[];
  week: SlotWeek;
  hrefOf: (from: string) => string;
  zoneLabel: string;
  timeZone: string;
  chosen?: string | undefined;
  error?: string | undefined;
}) {
  const { book } = bookingPages;
  const openDay = openDayOf(days, chosen);
  return (
    <fieldset aria-describedby={error ? errorIdFor('slot') : undefined}>
      <legend className="text-lg font-semibold">{book.slotsLegend}</legend>
      <p className="mt-1 text-sm text-ink-muted" data-studio-zone={timeZone}>
        {zoneLabel}
      </p>
      {error ? (
        <p id={errorIdFor('slot')} className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {days.length === 0 ? (
        <p className="mt-4 text-ink-muted">
          {week.later === null ? book.noSlots : book.noSlotsThisWeek}
        </p>
      ) : null}
      {days.map((day, index) => (
        <details
          key={day.label}
          open={index === openDay}
          className="mt-3 rounded-xl border border-line"
        >
          <summary className="cursor-pointer px-4 py-3 font-semibold">
            {day.label}{' '}
            <span className="text-sm font-normal text-ink-muted">
              {book.timesOfDay(day.slots.length)}
            </span>
          </summary>
          <fieldset className="px-4 py-3">
            <legend className="sr-only">{day.label}</legend>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {day.slots.map((slot) => (
                <li key={slot.start}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-paper px-3 text-sm tabular-nums hover:border-ink/40 has-[:checked]:border-ember has-[:checked]:bg-ember/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ember">
                    <input
                      type="radio"
                      name="start"
                      value={slot.start}
                      required
                      defaultChecked={slot.start === chosen}
                      className="size-4 accent-ember"
                    />
                    <span>{slot.time}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      ))}
      <WeekLinks week={week} hrefOf={hrefOf} />
    </fieldset>
  );
}

/**
 * The visitor's zone, kept with the call for their emails. Without script they choose it here
 * (the studio's, or the one they sent, chosen); with script this stays unparsed and the page's
 * script adds the field itself, filled with their device's zone, and a list of every zone
 * beside the slots.
 */
function ZoneChoice({
  page,
  sent,
  error,
}: {
  page: Extract<BookingPage, { kind: 'book' }>;
  sent: string | undefined;
  error: string | undefined;
}) {
  return (
    <noscript>
      <FieldShell controlId="booking-timeZone" label={bookingPages.book.zoneLabel} error={error}>
        <select
          id="booking-timeZone"
          name="timeZone"
          defaultValue={sent ?? page.timeZone}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error === undefined ? undefined : errorIdFor('booking-timeZone')}
          className={CONTROL_CLASS}
        >
          {bookingZoneChoices(page.timeZone, sent).map((zone) => (
            <option key={zone} value={zone}>
              {zoneOptionLabel(zone)}
            </option>
          ))}
        </select>
      </FieldShell>
    </noscript>
  );
}

/**
 * Another week of `/book`, keeping the zone the visitor chose: without script the page only
 * knows it from its address or the form they sent, and a link that dropped it would put the
 * studio's zone back in the form.
 */
function bookWeekHref(from: string, timeZone: string | undefined): string {
  const query = new URLSearchParams({ from, ...(timeZone === undefined ? {} : { timeZone }) });
  return `${BOOK_PATH}?${query.toString()}`;
}

function BookForm({ page }: { page: Extract<BookingPage, { kind: 'book' }> }) {
  const { book } = bookingPages;
  const errorOf = (field: BookingFields) =>
    page.fieldErrors[field] === undefined ? undefined : bookingPages.fieldErrors[field];
  // The zone asked for in the address or sent with the form, unless it was refused.
  const chosenZone =
    errorOf('timeZone') === undefined && page.values.timeZone ? page.values.timeZone : undefined;
  const control = (field: BookingFields) => ({
    id: `booking-${field}`,
    name: field,
    defaultValue: page.values[field],
    'aria-invalid': errorOf(field) !== undefined || undefined,
    'aria-describedby': errorOf(field) === undefined ? undefined : errorIdFor(`booking-${field}`),
    className: CONTROL_CLASS,
  });
  return (
    <form
      method="post"
      action={BOOK_PATH}
      data-visitor-zone
      className="relative mt-10 flex flex-col gap-8"
    >
      <SlotChoices
        days={page.days}
        week={page.week}
        hrefOf={(from) => bookWeekHref(from, chosenZone)}
        zoneLabel={page.zoneLabel}
        timeZone={page.timeZone}
        chosen={page.values.start}
        error={errorOf('start')}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <FieldShell controlId="booking-name" label={book.nameLabel} error={errorOf('name')}>
          <input
            {...control('name')}
            type="text"
            required
            autoComplete="name"
            maxLength={BOOKING_LIMITS.name}
          />
        </FieldShell>
        <FieldShell controlId="booking-email" label={book.emailLabel} error={errorOf('email')}>
          <input {...control('email')} type="email" required autoComplete="email" />
        </FieldShell>
      </div>
      {page.asksPhone ? (
        <FieldShell controlId="booking-phone" label={book.phoneLabel} error={errorOf('phone')}>
          <input
            {...control('phone')}
            type="tel"
            required
            autoComplete="tel"
            maxLength={BOOKING_LIMITS.phone}
          />
        </FieldShell>
      ) : null}
      <FieldShell controlId="booking-note" label={book.noteLabel} error={errorOf('note')}>
        <textarea {...control('note')} rows={3} maxLength={BOOKING_LIMITS.note} />
      </FieldShell>
      <ZoneChoice page={page} sent={chosenZone} error={errorOf('timeZone')} />
      <HoneypotField label={book.honeypotLabel} />
      <p>
        <button type="submit" className={BUTTON_CLASS}>
          {book.submit}
        </button>
      </p>
    </form>
  );
}

function Notice({ notice }: { notice: BookingNotice | null }) {
  if (notice === null) return null;
  return (
    <p role="alert" className={NOTICE_CLASS}>
      {bookingPages.notices[notice]}
    </p>
  );
}

/** The question before a cancel: room for a reason, then yes or keep the call. */
function ConfirmCancel({ self }: { self: string }) {
  const { manage } = bookingPages;
  return (
    <section aria-labelledby="cancel-heading" className="mt-12">
      <h2 id="cancel-heading" className="font-display text-2xl font-semibold">
        {manage.confirmCancel}
      </h2>
      <form method="post" className="mt-4 flex flex-col gap-6">
        <input type="hidden" name="action" value="cancel" />
        <FieldShell controlId="cancel-reason" label={manage.reasonLabel}>
          <textarea
            id="cancel-reason"
            name="reason"
            rows={3}
            maxLength={BOOKING_LIMITS.cancelReason}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <p className="flex flex-wrap gap-3">
          <button type="submit" className={BUTTON_CLASS}>
            {manage.yesCancel}
          </button>
          <a href={self} className={OUTLINE_BUTTON_CLASS}>
            {manage.keep}
          </a>
        </p>
      </form>
    </section>
  );
}

function ManageForms({ page }: { page: Extract<BookingPage, { kind: 'manage' }> }) {
  const { manage } = bookingPages;
  if (page.confirmingCancel) return <ConfirmCancel self={page.self} />;
  return (
    <>
      {page.days.length > 0 || page.week.later !== null ? (
        <section aria-labelledby="move-heading" className="mt-12">
          <h2 id="move-heading" className="font-display text-2xl font-semibold">
            {manage.moveHeading}
          </h2>
          <form method="post" className="mt-4 flex flex-col gap-8">
            <input type="hidden" name="action" value="reschedule" />
            <SlotChoices
              days={page.days}
              week={page.week}
              hrefOf={(from) => `${page.self}&from=${from}`}
              zoneLabel={page.zoneLabel}
              timeZone={page.timeZone}
            />
            <p>
              <button type="submit" className={BUTTON_CLASS}>
                {manage.move}
              </button>
            </p>
          </form>
        </section>
      ) : null}
      <section aria-labelledby="cancel-heading" className="mt-12">
        <h2 id="cancel-heading" className="font-display text-2xl font-semibold">
          {manage.cancelHeading}
        </h2>
        <form method="post" className="mt-4">
          <input type="hidden" name="action" value="ask-cancel" />
          <button type="submit" className={OUTLINE_BUTTON_CLASS}>
            {manage.cancel}
          </button>
        </form>
      </section>
    </>
  );
}

/** A visitor's booking page: the form, the booked call, the manage link's page or its end. */
export function BookingPageView({ page }: { page: BookingPage }) {
  switch (page.kind) {
    case 'book':
      return (
        <PlainPage>
          <h1 className={HEADING_CLASS}>{bookingPages.book.heading}</h1>
          <p className="mt-6 text-lg leading-relaxed text-ink-muted">{bookingPages.book.intro}</p>
          <WhereLine where={page.where} />
          <Notice notice={page.notice} />
          <BookForm page={page} />
        </PlainPage>
      );
    case 'booked':
      return (
        <PlainPage>
          <h1 className={HEADING_CLASS}>{bookingPages.booked.heading}</h1>
          <CallTimeLine call={page.call} />
          <WhereLine where={page.where} />
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">
            {bookingPages.booked.next(page.email)}
          </p>
          <BackHome label={formPages.backLabel} />
        </PlainPage>
      );
    case 'manage':
      return (
        <PlainPage>
          <h1 className={HEADING_CLASS}>{bookingPages.manage.heading}</h1>
          <CallTimeLine call={page.call} />
          <WhereLine where={page.where} />
          <Notice notice={page.notice} />
          <ManageForms page={page} />
        </PlainPage>
      );
    case 'manage-done': {
      const { manageDone } = bookingPages;
      return (
        <PlainPage>
          <h1 className={HEADING_CLASS}>{manageDone[page.done].heading}</h1>
          {page.done === 'moved' ? <CallTimeLine call={page.call} /> : null}
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">
            {page.done === 'moved' ? manageDone.movedText : manageDone.cancelledText}
          </p>
          <BackHome label={formPages.backLabel} />
        </PlainPage>
      );
    }
    case 'link-gone': {
      const { linkGone } = bookingPages;
      return (
        <PlainPage>
          <h1 className={HEADING_CLASS}>{linkGone.heading}</h1>
          <p className="mt-6 text-lg leading-relaxed text-ink-muted">
            {page.isSpent ? linkGone.spent : linkGone.unknown}
          </p>
          <p className="mt-10">
            <a href={BOOK_PATH} className={BUTTON_CLASS}>
              {linkGone.bookAgain}
            </a>
          </p>
        </PlainPage>
      );
    }
  }
}
