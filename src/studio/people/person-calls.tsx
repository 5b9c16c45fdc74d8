import type { PersonCall } from '../../../common/people';
import { bookingsCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';
import { personCopy } from '../person-copy';

/** Every call the person booked, when in the studio's time and whether it still stands. */
export function PersonCalls({ calls }: { calls: readonly PersonCall[] }) {
  const format = useStudioFormat();
  return (
    <section aria-labelledby="person-calls-title" className="flex flex-col gap-2">
      <h2 id="person-calls-title" className="text-lg font-semibold">
        {personCopy.calls}
      </h2>
      {calls.length === 0 ? (
        <p className="text-ink-muted">{personCopy.noCalls}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {calls.map((call) => (
            <li key={call.id}>
              <time dateTime={call.start}>
                {format.date(call.start)}, {format.time(call.start)}–{format.time(call.end)}
              </time>{' '}
              · {bookingsCopy.callStates[call.state]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
