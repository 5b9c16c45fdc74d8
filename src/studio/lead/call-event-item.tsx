import { describeCallEvent } from '../../../common/call-event-words';
import type { CallEvent } from '../../../common/leads';
import { callEventCopy } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';

/**
 * One change of a call in the lead's thread, in the studio's words and zone: booked (with the
 * visitor's note), moved (from → to), cancelled (by whom, with what they said).
 */
export function CallEventItem({ event }: { event: CallEvent }) {
  const format = useStudioFormat();
  const { summary, textLabel } = describeCallEvent(event, format);
  return (
    <li className="rounded-2xl border border-dashed border-line px-4 py-3 sm:mx-5">
      <article aria-label={callEventCopy.labels[event.kind]}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <p className="min-w-0 font-semibold break-words">{summary}</p>
          <time dateTime={event.at} className="text-ink-muted">
            {format.dateTime(event.at)}
          </time>
        </header>
        {event.text === '' ? null : (
          <p className="mt-2 leading-relaxed whitespace-pre-wrap break-words">
            <span className="font-semibold">{textLabel}: </span>
            {event.text}
          </p>
        )}
      </article>
    </li>
  );
}
