import { useId } from 'react';
import { MEETING_LIMITS, type Meeting } from '../../../common/booking-availability';
import { CONTROL_CLASS } from '../../components/field-shell';
import { bookingsCopy } from '../copy';

type MeetingKind = Meeting['kind'] | 'none';
const KINDS: readonly MeetingKind[] = ['none', 'link', 'room', 'phone', 'place'];

/** The choice as typed: each link and the address are kept while another kind is chosen. */
export type MeetingDraft = { kind: MeetingKind; url: string; base: string; address: string };

export function toMeetingDraft(meeting: Meeting | undefined): MeetingDraft {
  return {
    kind: meeting?.kind ?? 'none',
    url: meeting?.kind === 'link' ? meeting.url : '',
    base: meeting?.kind === 'room' ? meeting.base : '',
    address: meeting?.kind === 'place' ? meeting.address : '',
  };
}

export function toMeetingBody(draft: MeetingDraft): Meeting | undefined {
  switch (draft.kind) {
    case 'none':
      return undefined;
    case 'link':
      return { kind: 'link', url: draft.url.trim() };
    case 'room':
      return { kind: 'room', base: draft.base.trim() };
    case 'phone':
      return { kind: 'phone' };
    case 'place':
      return { kind: 'place', address: draft.address };
  }
}

type FieldError = { id: string; message: string } | null;

function ErrorLine({ error }: { error: FieldError }) {
  return error === null ? null : (
    <p id={error.id} className="text-sm font-semibold text-danger">
      {error.message}
    </p>
  );
}

const describedBy = (error: FieldError) =>
  error === null ? {} : { 'aria-invalid': true, 'aria-describedby': error.id };

/** An https address typed in: the fixed room's, or the video service's for a room per call. */
function UrlField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldError;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        maxLength={MEETING_LIMITS.url}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
        {...describedBy(error)}
      />
      <ErrorLine error={error} />
    </div>
  );
}

/**
 * Where calls happen, chosen beside the hours: a video room's link, a video service where each
 * call gets a room of its own, a phone call, or a place; the server checks a link is https and
 * names any refused field as `meeting.url`, `meeting.base` or `meeting.address`.
 */
export function MeetingFields({
  draft,
  onChange,
  errorOf,
}: {
  draft: MeetingDraft;
  onChange: (draft: MeetingDraft) => void;
  errorOf: (...paths: string[]) => FieldError;
}) {
  const id = useId();
  const urlError = errorOf('meeting.url', 'meeting');
  const baseError = errorOf('meeting.base', 'meeting');
  const addressError = errorOf('meeting.address', 'meeting');
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-5">
      <legend className="px-1 text-lg font-semibold">{bookingsCopy.meeting}</legend>
      <p className="text-sm text-ink-muted">{bookingsCopy.meetingIntro}</p>
      {KINDS.map((kind) => (
        <label key={kind} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={`${id}-kind`}
            value={kind}
            checked={draft.kind === kind}
            onChange={() => onChange({ ...draft, kind })}
            className="size-4 accent-ember"
          />
          {bookingsCopy.meetingKinds[kind]}
        </label>
      ))}
      {draft.kind === 'link' ? (
        <UrlField
          id={`${id}-url`}
          label={bookingsCopy.meetingUrl}
          value={draft.url}
          onChange={(url) => onChange({ ...draft, url })}
          error={urlError}
        />
      ) : null}
      {draft.kind === 'room' ? (
        <UrlField
          id={`${id}-base`}
          label={bookingsCopy.meetingBase}
          value={draft.base}
          onChange={(base) => onChange({ ...draft, base })}
          error={baseError}
        />
      ) : null}
      {draft.kind === 'place' ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-address`} className="text-sm font-semibold">
            {bookingsCopy.meetingAddress}
          </label>
          <textarea
            id={`${id}-address`}
            rows={2}
            maxLength={MEETING_LIMITS.address}
            value={draft.address}
            onChange={(event) => onChange({ ...draft, address: event.target.value })}
            className={CONTROL_CLASS}
            {...describedBy(addressError)}
          />
          <ErrorLine error={addressError} />
        </div>
      ) : null}
    </fieldset>
  );
}
