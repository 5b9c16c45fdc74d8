import { Fragment, useId, useState, type FormEvent } from 'react';
import {
  AVAILABILITY_LIMITS,
  AVAILABILITY_WEEKDAYS,
  type AvailabilityErrorCode,
  type AvailabilityForm,
  type Meeting,
} from '../../../common/booking-availability';
import { CONTROL_CLASS, CONTROL_LOOK } from '../../components/field-shell';
import { saveAvailability } from '../api/booking-api';
import { BUTTON } from '../components/button-classes';
import { OwnerOnlyControl, OwnerOnlyFields } from '../components/owner-only';
import { SaveRow } from '../components/save-row';
import { bookingsCopy } from '../copy';
import { useWholeFormSave } from '../hooks/use-whole-form-save';
import { proposeFreeRange } from './free-range';
import { MeetingFields, toMeetingDraft, toMeetingBody, type MeetingDraft } from './meeting-fields';

type Weekday = (typeof AVAILABILITY_WEEKDAYS)[number];
type RuleName = 'lengthMinutes' | 'bufferMinutes' | 'noticeHours' | 'horizonDays' | 'maxPerDay';
const RULES: readonly RuleName[] = [
  'lengthMinutes',
  'bufferMinutes',
  'noticeHours',
  'horizonDays',
  'maxPerDay',
];

/** The form as typed: times and numbers stay text until the server judges them. */
type Draft = {
  weekly: Record<Weekday, [string, string][]>;
  rules: Record<RuleName, string>;
  meeting: MeetingDraft;
};

function toDraft(availability: AvailabilityForm): Draft {
  const weekly = Object.fromEntries(
    AVAILABILITY_WEEKDAYS.map((day) => [
      day,
      availability.weekly[day].map(([start, end]) => [start, end]),
    ]),
  ) as Draft['weekly'];
  const rules = Object.fromEntries(
    RULES.map((rule) => [rule, String(availability[rule])]),
  ) as Draft['rules'];
  return { weekly, rules, meeting: toMeetingDraft(availability.meeting) };
}

/** An empty number is left out (the server says it is required); a wrong one is sent as null. */
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

function toBody(draft: Draft) {
  const meeting: Meeting | undefined = toMeetingBody(draft.meeting);
  return {
    weekly: draft.weekly,
    ...Object.fromEntries(RULES.map((rule) => [rule, toNumber(draft.rules[rule])])),
    ...(meeting === undefined ? {} : { meeting }),
  };
}

function wordsFor(code: AvailabilityErrorCode, field: string): string {
  if (field.startsWith('meeting.')) return bookingsCopy.meetingErrors[code];
  if (code !== 'out_of_range') return bookingsCopy.errors[code];
  const limits = AVAILABILITY_LIMITS[field as RuleName];
  return bookingsCopy.errors.out_of_range(limits.min, limits.max);
}

/**
 * The studio's weekly hours (several ranges a day) and the rules of a call, saved whole; each
 * refused field or range says why beside it, as the server named it.
 */
export function HoursForm({ initial }: { initial: AvailabilityForm }) {
  const id = useId();
  const [draft, setDraft] = useState(() => toDraft(initial));
  const { errors, save, saveRow } = useWholeFormSave<string, AvailabilityErrorCode>(bookingsCopy);

  const setDay = (day: Weekday, ranges: [string, string][]) =>
    setDraft((current) => ({ ...current, weekly: { ...current.weekly, [day]: ranges } }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    return save(async () => {
      const saved = await saveAvailability(toBody(draft) as AvailabilityForm);
      setDraft(toDraft(saved));
    });
  }

  /** The error of a field, its id, and the attributes that tie it to its control. */
  const errorOf = (...paths: string[]) => {
    const path = paths.find((candidate) => errors[candidate] !== undefined);
    const code = path === undefined ? undefined : errors[path];
    if (path === undefined || code === undefined) return null;
    return { id: `${id}-${path}-error`, message: wordsFor(code, path) };
  };
  const describedBy = (error: { id: string } | null) =>
    error === null ? {} : { 'aria-invalid': true, 'aria-describedby': error.id };

  return (
    <form
      aria-label={bookingsCopy.hours}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-8"
    >
      <OwnerOnlyFields readOnlyNote={bookingsCopy.readOnly} save={<SaveRow {...saveRow} />}>
        <fieldset className="flex flex-col gap-4 rounded-2xl border border-line bg-paper-raised p-5">
          <legend className="px-1 text-lg font-semibold">{bookingsCopy.hours}</legend>
          <p className="text-sm text-ink-muted">{bookingsCopy.hoursIntro}</p>
          {AVAILABILITY_WEEKDAYS.map((day) => {
            const dayName = bookingsCopy.days[day];
            const ranges = draft.weekly[day];
            const dayError = errorOf(`weekly.${day}`);
            return (
              <fieldset key={day} className="flex flex-col gap-2" {...describedBy(dayError)}>
                <legend className="font-semibold">{dayName}</legend>
                {ranges.length === 0 ? (
                  <p className="text-sm text-ink-muted">{bookingsCopy.dayOff}</p>
                ) : null}
                {ranges.map((range, index) => {
                  const place = index + 1;
                  const rangeError = errorOf(`weekly.${day}.${index}`);
                  const partErrors = [0, 1].map((part) =>
                    errorOf(`weekly.${day}.${index}.${part}`),
                  );
                  const change = (part: 0 | 1, value: string) =>
                    setDay(
                      day,
                      ranges.map((current, at) => {
                        if (at !== index) return current;
                        return part === 0 ? [value, current[1]] : [current[0], value];
                      }),
                    );
                  return (
                    <div key={index} className="flex flex-wrap items-center gap-2">
                      {([0, 1] as const).map((part) => {
                        const partName = part === 0 ? bookingsCopy.from : bookingsCopy.until;
                        const error = partErrors[part] ?? rangeError;
                        return (
                          <Fragment key={part}>
                            {part === 1 ? <span aria-hidden="true">–</span> : null}
                            <input
                              type="text"
                              inputMode="numeric"
                              autoComplete="off"
                              placeholder="09:00"
                              aria-label={bookingsCopy.rangeLabel(dayName, partName, place)}
                              value={range[part]}
                              onChange={(event) => change(part, event.target.value)}
                              className={`${CONTROL_LOOK} w-28`}
                              {...describedBy(error ?? null)}
                            />
                          </Fragment>
                        );
                      })}
                      <OwnerOnlyControl>
                        <button
                          type="button"
                          aria-label={bookingsCopy.removeHours(dayName, place)}
                          className={`${BUTTON.quiet} min-h-11 px-2`}
                          onClick={() =>
                            setDay(
                              day,
                              ranges.filter((_, at) => at !== index),
                            )
                          }
                        >
                          {bookingsCopy.remove}
                        </button>
                      </OwnerOnlyControl>
                      {[rangeError, ...partErrors].map((error) =>
                        error === null ? null : (
                          <p
                            key={error.id}
                            id={error.id}
                            className="w-full text-sm font-semibold text-danger"
                          >
                            {error.message}
                          </p>
                        ),
                      )}
                    </div>
                  );
                })}
                {dayError === null ? null : (
                  <p id={dayError.id} className="text-sm font-semibold text-danger">
                    {dayError.message}
                  </p>
                )}
                <OwnerOnlyControl>
                  {ranges.length < AVAILABILITY_LIMITS.rangesPerDay ? (
                    <button
                      type="button"
                      className={`${BUTTON.secondary} self-start`}
                      disabled={proposeFreeRange(ranges) === null}
                      onClick={() => {
                        const free = proposeFreeRange(ranges);
                        if (free !== null) setDay(day, [...ranges, free]);
                      }}
                    >
                      {bookingsCopy.addHours(dayName)}
                    </button>
                  ) : null}
                </OwnerOnlyControl>
              </fieldset>
            );
          })}
        </fieldset>
        <MeetingFields
          draft={draft.meeting}
          onChange={(meeting) => setDraft((current) => ({ ...current, meeting }))}
          errorOf={errorOf}
        />
        <fieldset className="grid gap-3 rounded-2xl border border-line bg-paper-raised p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{bookingsCopy.rules}</legend>
          {RULES.map((rule) => {
            const error = errorOf(rule);
            return (
              <div key={rule} className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor={`${id}-${rule}`} className="text-sm font-semibold">
                  {bookingsCopy[rule]}
                </label>
                <input
                  id={`${id}-${rule}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft.rules[rule]}
                  onChange={(event) =>
                    setDraft((current) => ({
                      ...current,
                      rules: { ...current.rules, [rule]: event.target.value },
                    }))
                  }
                  className={CONTROL_CLASS}
                  {...describedBy(error)}
                />
                {error === null ? null : (
                  <p id={error.id} className="text-sm font-semibold text-danger">
                    {error.message}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      </OwnerOnlyFields>
    </form>
  );
}
