import { Download } from 'lucide-react';
import type { CallEvent, ThreadMessage } from '../../../common/leads';
import { attachmentHref } from '../api/lead-api';
import { formatSize, threadCopy } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { CallEventItem } from './call-event-item';

/** Outlined, not filled: the text keeps the contrast it has on the card itself. */
const STATE_TONES: Record<ThreadMessage['state'], string> = {
  queued: 'border border-ink/40 text-ink',
  sent: 'border border-success/70 text-success',
  retrying: 'border border-danger/70 text-danger',
  failed: 'border border-danger/70 text-danger',
  received: 'border border-ink/40 text-ink',
};

function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${className}`}>{children}</span>
  );
}

/**
 * The frame of a thread item: ours, the client's, one sent through the site's forms, or an
 * answer nobody vouched for.
 */
function frameOf(message: ThreadMessage): string {
  if (message.direction === 'out') return 'border border-ember/40 bg-paper-raised sm:ml-10';
  // Thick edges on a sunk card: never mistaken for the client's own words. A form is not a
  // forged email, so its edge is ink, not danger, but as wide.
  if (message.isThroughTheSite) return 'border border-l-8 border-ink/70 bg-paper-sunk sm:mr-10';
  if (message.isVerified === false)
    return 'border border-l-8 border-danger/70 bg-paper-sunk sm:mr-10';
  return `border border-line bg-paper sm:mr-10 ${message.isThirdParty ? 'border-dashed' : ''}`;
}

function labelOf(message: ThreadMessage): string {
  if (message.isAcknowledgement) return threadCopy.acknowledgement;
  if (message.direction === 'out') return threadCopy.outgoing;
  if (message.isThroughTheSite) return threadCopy.throughTheSiteIncoming;
  return message.isVerified === false ? threadCopy.unverifiedIncoming : threadCopy.incoming;
}

function Message({ enquiryId, message }: { enquiryId: string; message: ThreadMessage }) {
  const format = useStudioFormat();
  const isOut = message.direction === 'out';
  const isUnverified = message.isVerified === false && !message.isThroughTheSite;
  return (
    <li className={`rounded-2xl p-4 sm:p-5 ${frameOf(message)}`}>
      <article aria-label={labelOf(message)}>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <p className="min-w-0 break-words">
            <span className="font-semibold">{threadCopy.from} </span>
            {message.fromName ?? message.from}{' '}
            {message.isThroughTheSite ? (
              <span className="text-ink-muted">{threadCopy.throughTheSite}</span>
            ) : (
              <>
                <span className="text-ink-muted">{threadCopy.to}</span> {message.to}
              </>
            )}
            {message.cc.length > 0 ? (
              <>
                {' '}
                <span className="text-ink-muted">{threadCopy.cc}</span> {message.cc.join(', ')}
              </>
            ) : null}
          </p>
          <time dateTime={message.at} className="text-ink-muted">
            {format.dateTime(message.at)}
          </time>
          {isOut ? (
            <Badge className={STATE_TONES[message.state]}>{threadCopy.states[message.state]}</Badge>
          ) : null}
          {isUnverified ? (
            <Badge className="border border-danger/70 text-danger">{threadCopy.unverified}</Badge>
          ) : null}
          {message.isThroughTheSite ? (
            <Badge className="border border-ink/70 text-ink">
              {threadCopy.addressNotConfirmed}
            </Badge>
          ) : null}
          {message.isThirdParty ? (
            <Badge className="border border-ink/40 text-ink">{threadCopy.thirdParty}</Badge>
          ) : null}
        </header>
        {isUnverified ? (
          <p className="mt-1 text-sm font-semibold">{threadCopy.unverifiedHint(message.from)}</p>
        ) : null}
        {message.isThroughTheSite ? (
          <p className="mt-1 text-sm font-semibold">
            {threadCopy.throughTheSiteHint(message.from)}
          </p>
        ) : null}
        {message.isThirdParty ? (
          <p className="mt-1 text-sm text-ink-muted">{threadCopy.thirdPartyHint}</p>
        ) : null}
        {isOut && message.reason && message.state !== 'sent' ? (
          <p className="mt-2 rounded-lg bg-paper-sunk px-3 py-2 font-mono text-sm break-words">
            <span className="font-sans font-semibold">{threadCopy.reason}: </span>
            {message.reason}
          </p>
        ) : null}
        {message.calendarAnswer === null ? null : (
          <p className="mt-3 font-semibold">{threadCopy.calendarAnswers[message.calendarAnswer]}</p>
        )}
        <p className="mt-3 leading-relaxed whitespace-pre-wrap break-words">{message.text}</p>
        {message.isTruncated ? (
          <p className="mt-2 text-sm font-semibold text-danger">{threadCopy.truncated}</p>
        ) : null}
        {message.attachments.length > 0 ? (
          <div className="mt-3">
            <h4 className="text-sm font-semibold">{threadCopy.attachments}</h4>
            <ul className="mt-1 flex flex-col gap-1">
              {message.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <a
                    href={attachmentHref(enquiryId, attachment.id)}
                    download={attachment.name}
                    className="inline-flex min-h-11 items-center gap-2 break-all text-ember underline underline-offset-4"
                  >
                    <Download aria-hidden="true" className="size-4 shrink-0" />
                    {threadCopy.download(attachment.name, formatSize(attachment.size))}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </article>
    </li>
  );
}

type ThreadItem =
  | { kind: 'message'; at: string; message: ThreadMessage }
  | { kind: 'call'; at: string; event: CallEvent };

/** The messages and the calls' changes, oldest first; at one moment, the message first. */
function interleave(
  thread: readonly ThreadMessage[],
  callEvents: readonly CallEvent[],
): ThreadItem[] {
  const items: ThreadItem[] = [
    ...thread.map((message) => ({ kind: 'message' as const, at: message.at, message })),
    ...callEvents.map((event) => ({ kind: 'call' as const, at: event.at, event })),
  ];
  // A stable sort keeps each list's own order among equal times.
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The email thread with the client, oldest first, with the lead's calls as they happened
 * (booked, moved, cancelled) at their time; every text shown as text, never as HTML. An
 * answer whose sender nobody vouched for, and what came through the site's forms, are each
 * labelled and framed apart; without
 * `canVerifySenders` the panel says no sender is checked.
 */
export function ThreadPanel({
  enquiryId,
  thread,
  callEvents,
  canVerifySenders,
}: {
  enquiryId: string;
  thread: readonly ThreadMessage[];
  callEvents: readonly CallEvent[];
  canVerifySenders: boolean;
}) {
  const items = interleave(thread, callEvents);
  const hasAnswers = thread.some(
    (message) => message.direction === 'in' && !message.isThroughTheSite,
  );
  return (
    <section aria-labelledby="thread-title" className="flex flex-col gap-3">
      <h2 id="thread-title" className="text-lg font-semibold">
        {threadCopy.title}
      </h2>
      {!canVerifySenders && hasAnswers ? (
        <p className="rounded-lg border border-danger/70 px-3 py-2 text-sm">
          {threadCopy.sendersNotChecked}
        </p>
      ) : null}
      {items.length === 0 ? null : (
        <ol className="flex flex-col gap-3">
          {items.map((item) =>
            item.kind === 'message' ? (
              <Message key={item.message.id} enquiryId={enquiryId} message={item.message} />
            ) : (
              <CallEventItem key={item.event.id} event={item.event} />
            ),
          )}
        </ol>
      )}
      {thread.length === 0 ? <p className="text-ink-muted">{threadCopy.empty}</p> : null}
    </section>
  );
}
