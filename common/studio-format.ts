/** How the studio writes dates, times and money: its locale, its currency, its time zone. */
export type StudioFormatSettings = {
  /** BCP 47, e.g. `en-GB`. */
  locale: string;
  /** ISO 4217, e.g. `GBP`: what an amount without a currency of its own is in. */
  currency: string;
  /** IANA, STUDIO_TIME_ZONE. */
  timeZone: string;
};

/** Until the studio's settings say otherwise. */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';

export type StudioFormat = {
  /** A moment: `26 Nov 2026, 15:45` in en-GB, `Nov 26, 2026, 3:45 PM` in en-US. */
  dateTime(at: Date | string): string;
  /** The day of a moment, in the studio's zone: `26 Nov 2026`. */
  date(at: Date | string): string;
  /** The time of day of a moment, in the studio's zone: `15:45`. */
  time(at: Date | string): string;
  /** A calendar day (`YYYY-MM-DD`, as a follow-up is), the same day wherever it is read. */
  day(calendarDay: string): string;
  /** A calendar day without its year, for a chart's axis: `26 Nov` in en-GB, `Nov 26` in en-US. */
  shortDay(calendarDay: string): string;
  /** An amount in its currency, or the studio's: `£12,000.00`. */
  money(amount: number, currency?: string): string;
  /**
   * The same writing read on another zone's clock, so a time elsewhere (a visitor's) keeps the
   * studio's hour cycle: `4:00 AM` beside `10:00 AM`, never `04:00`.
   */
  inZone(timeZone: string): StudioFormat;
};

const asDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** Writes `at` with `formatter`, or gives back what it was handed when that is no moment. */
function writeWith(formatter: Intl.DateTimeFormat, at: Date | string): string {
  const date = asDate(at);
  return Number.isNaN(date.getTime()) ? String(at) : formatter.format(date);
}

/** `make()`'s answer, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * The one place the studio, and the emails it sends, turn a moment or an amount into words;
 * the browser half and the server half both use it, so a digest and a screen say the same.
 */
export function createStudioFormat({
  locale,
  currency,
  timeZone,
}: StudioFormatSettings): StudioFormat {
  // Each writer is made on its first use: making one loads the locale's and the zone's data,
  // a few milliseconds on a phone, and a screen uses two or three of the five.
  const dateTime = once(
    () => new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
  );
  const date = once(() => new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium' }));
  const time = once(() => new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }));
  // A calendar day has no zone: read at noon UTC and written in UTC, it is never the day before.
  const day = once(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }));
  const shortDay = once(
    () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
  );
  const writeDay = (formatter: Intl.DateTimeFormat, calendarDay: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(calendarDay)
      ? writeWith(formatter, `${calendarDay}T12:00:00Z`)
      : calendarDay;
  const money = new Map<string, Intl.NumberFormat>();
  const moneyIn = (code: string) => {
    let formatter = money.get(code);
    if (formatter === undefined) {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
      money.set(code, formatter);
    }
    return formatter;
  };
  return {
    dateTime: (at) => writeWith(dateTime(), at),
    date: (at) => writeWith(date(), at),
    time: (at) => writeWith(time(), at),
    day: (calendarDay) => writeDay(day(), calendarDay),
    shortDay: (calendarDay) => writeDay(shortDay(), calendarDay),
    money: (amount, code = currency) => moneyIn(code).format(amount),
    inZone: (otherZone) => createStudioFormat({ locale, currency, timeZone: otherZone }),
  };
}
