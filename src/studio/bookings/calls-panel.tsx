import type { StudioFormat } from '../../../common/studio-format';
import { cancelCall, listCalls, type StudioCall } from '../api/booking-api';
import { StudioApiError } from '../api/request';
import { StatusLine } from '../components/status-line';
import { StudioLink } from '../components/studio-link';
import { bookingsCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { describeError } from '../lib/describe-error';
import { useStudioFormat } from '../lib/studio-format';
import { hrefFor } from '../routing/studio-route';
import { CancelCall } from './cancel-call';

const DAY_MS = 86_400_000;
/** How far back the past calls go. */
const PAST_DAYS = 60;
/** The list API's longest range is 366 days: a year ahead, from yesterday. */
const AHEAD_DAYS = 364;

function dayAround(now: number, days: number): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The calls from 60 days ago to a year ahead, and when they were read: a call is upcoming until
 * its end as of that moment. The studio's day may be a day either side of
 * UTC's, so both windows reach a day further and the calls are merged by id.
 */
async function loadCalls(signal: AbortSignal): Promise<{ calls: StudioCall[]; loadedAt: number }> {
  const now = Date.now();
  const [past, ahead] = await Promise.all([
    listCalls(dayAround(now, -PAST_DAYS - 1), dayAround(now, 1), signal),
    listCalls(dayAround(now, -1), dayAround(now, AHEAD_DAYS), signal),
  ]);
  const calls = new Map([...past.items, ...ahead.items].map((call) => [call.id, call]));
  return { calls: [...calls.values()], loadedAt: now };
}

/** The call was cancelled elsewhere, or is over: the list read is out of date. */
function isAlreadyCancelled(error: unknown): boolean {
  return (
    error instanceof StudioApiError &&
    (error.code === 'already_cancelled' || error.code === 'call_over')
  );
}

function describeCancelError(error: unknown): string {
  return isAlreadyCancelled(error) ? bookingsCopy.alreadyCancelled : describeError(error);
}

function callTime(format: StudioFormat, call: StudioCall): string {
  return `${format.date(call.start)}, ${format.time(call.start)}–${format.time(call.end)}`;
}

function CallRow({
  call,
  isUpcoming,
  cancel,
}: {
  call: StudioCall;
  isUpcoming: boolean;
  cancel: { isBusy: boolean; run: (call: StudioCall, message: string) => Promise<boolean> };
}) {
  const format = useStudioFormat();
  const when = callTime(format, call);
  return (
    <li className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">
          <time dateTime={call.start}>{when}</time>
        </p>
        <p className={`text-sm ${call.state === 'cancelled' ? 'text-danger' : 'text-ink-muted'}`}>
          {bookingsCopy.callStates[call.state]}
        </p>
      </div>
      <p className="break-words">
        <StudioLink
          href={hrefFor({ page: 'lead', id: call.leadId })}
          className="font-semibold text-ember underline-offset-4 hover:underline"
        >
          {call.name}
        </StudioLink>{' '}
        <span className="text-ink-muted">· {call.email}</span>
      </p>
      {call.note === '' ? null : (
        <p className="whitespace-pre-line break-words text-ink-muted">
          <span className="sr-only">{bookingsCopy.note}: </span>
          {call.note}
        </p>
      )}
      {call.phone === null ? null : <p className="text-sm">{bookingsCopy.ringOn(call.phone)}</p>}
      {call.cancelReason === null ? null : (
        <p className="whitespace-pre-line break-words text-sm text-ink-muted">
          {bookingsCopy.theirReason(call.cancelReason)}
        </p>
      )}
      {call.source === null ? null : (
        <p className="text-sm text-ink-muted">
          {bookingsCopy.cameFrom(call.source, call.campaign)}
        </p>
      )}
      {isUpcoming && call.state !== 'cancelled' ? (
        <CancelCall
          name={call.name}
          when={when}
          isBusy={cancel.isBusy}
          onConfirm={(message) => cancel.run(call, message)}
        />
      ) : null}
    </li>
  );
}

function CallList({
  calls,
  empty,
  isUpcoming,
  cancel,
}: {
  calls: StudioCall[];
  empty: string;
  isUpcoming: boolean;
  cancel: { isBusy: boolean; run: (call: StudioCall, message: string) => Promise<boolean> };
}) {
  if (calls.length === 0) return <p className="text-ink-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
      {calls.map((call) => (
        <CallRow key={call.id} call={call} isUpcoming={isUpcoming} cancel={cancel} />
      ))}
    </ul>
  );
}

/**
 * The calls visitors booked: those to come, earliest first, each of which can be cancelled with
 * a message to the visitor, and those of the last 60 days, latest first. Each names its lead.
 */
export function CallsPanel() {
  const { data, update, reload } = useApiData('booking-calls', loadCalls);
  const cancellation = useAction(describeCancelError);

  async function cancel(call: StudioCall, message: string): Promise<boolean> {
    let isGone = false;
    const isCancelled = await cancellation.run(async () => {
      try {
        const { booking } = await cancelCall(call.id, message);
        update((loaded) => ({
          ...loaded,
          calls: loaded.calls.map((current) =>
            current.id === booking.id ? { ...current, state: booking.state } : current,
          ),
        }));
      } catch (error) {
        isGone = isAlreadyCancelled(error);
        throw error;
      }
      return bookingsCopy.callCancelled(call.name);
    });
    // Cancelled elsewhere: the list is read again. Any other failure keeps the row as it is,
    // with the message typed, to be tried again.
    if (isGone) reload();
    return isCancelled;
  }

  const { calls, loadedAt: now } = data.state === 'ready' ? data.data : { calls: [], loadedAt: 0 };
  const isAhead = (call: StudioCall) => Date.parse(call.end) > now;
  // A cancelled call is no call to come: it leaves "Upcoming" for a list of its own.
  const upcoming = calls
    .filter((call) => isAhead(call) && call.state !== 'cancelled')
    .sort((a, b) => a.start.localeCompare(b.start));
  const cancelled = calls
    .filter((call) => isAhead(call) && call.state === 'cancelled')
    .sort((a, b) => a.start.localeCompare(b.start));
  const past = calls
    .filter(
      (call) => Date.parse(call.end) <= now && Date.parse(call.start) >= now - PAST_DAYS * DAY_MS,
    )
    .sort((a, b) => b.start.localeCompare(a.start));
  const actions = { isBusy: cancellation.isBusy, run: cancel };

  return (
    <>
      {/* The row's buttons are gone or refused: focus goes to the words saying what happened. */}
      <StatusLine takesFocus status={cancellation.outcome} />
      <section aria-labelledby="upcoming-calls" className="flex flex-col gap-3">
        <h2 id="upcoming-calls" className="text-lg font-semibold">
          {bookingsCopy.upcoming}
        </h2>
        {data.state === 'ready' ? (
          <CallList calls={upcoming} empty={bookingsCopy.noUpcoming} isUpcoming cancel={actions} />
        ) : (
          <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
            {data.state === 'failed' ? data.message : bookingsCopy.loadingCalls}
          </p>
        )}
      </section>
      {data.state === 'ready' && cancelled.length > 0 ? (
        <section aria-labelledby="cancelled-calls" className="flex flex-col gap-3">
          <h2 id="cancelled-calls" className="text-lg font-semibold">
            {bookingsCopy.cancelledCalls}
          </h2>
          <CallList calls={cancelled} empty="" isUpcoming={false} cancel={actions} />
        </section>
      ) : null}
      {data.state === 'ready' ? (
        <section aria-labelledby="past-calls" className="flex flex-col gap-3">
          <h2 id="past-calls" className="text-lg font-semibold">
            {bookingsCopy.past}
          </h2>
          <p className="-mt-2 text-sm text-ink-muted">{bookingsCopy.pastIntro}</p>
          <CallList calls={past} empty={bookingsCopy.noPast} isUpcoming={false} cancel={actions} />
        </section>
      ) : null}
    </>
  );
}
