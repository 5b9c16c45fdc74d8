import { useEffect, useRef, useState } from 'react';
import { useFirstScreen } from '../api/first-screen';
import type { Enquiry } from '../api/types';
import { StudioLink } from '../components/studio-link';
import { inboxCopy } from '../copy';
import { leadViewsCopy, stageNames, waitingCopy } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { hrefFor } from '../routing/studio-route';
import { LeadFacts } from './lead-facts';
import { useStaffNames } from '../hooks/use-staff-names';

/** Enough of a message to recognise it; the card shows two lines of it. */
const EXCERPT_LENGTH = 240;

type EnquiryListProps = {
  items: readonly Enquiry[];
  /** After "Load more", the first new card takes focus, so a keyboard user reads on from there. */
  focusIndex: number | null;
  /** Which time each card shows: when it came, or since when the client waits for us. */
  time?: 'received' | 'waiting';
};

/** The time a card shows, with words for screen readers saying which time it is. */
function CardTime({ enquiry, time }: { enquiry: Enquiry; time: 'received' | 'waiting' }) {
  const format = useStudioFormat();
  const since = enquiry.lead?.waitingSince ?? null;
  if (time === 'waiting' && since !== null) {
    return (
      <p className="shrink-0 text-sm text-ink-muted">
        {waitingCopy.since}
        <time dateTime={since}>{format.dateTime(since)}</time>
      </p>
    );
  }
  return (
    <p className="shrink-0 text-sm text-ink-muted">
      <span className="sr-only">{inboxCopy.received} </span>
      <time dateTime={enquiry.receivedAt}>{format.dateTime(enquiry.receivedAt)}</time>
    </p>
  );
}

/**
 * Where the card stands as a lead: a new answer if there is one, its stage (the lead's one
 * state, 0075), then its owner, follow-up, age and value.
 */
function LeadLine({
  enquiry,
  nameOf,
  now,
}: {
  enquiry: Enquiry;
  nameOf: (email: string) => string;
  now: number;
}) {
  const { lead } = enquiry;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      {lead?.hasNewReply ? (
        <span className="rounded-full bg-ember px-2 py-0.5 text-xs font-bold text-on-ember">
          {leadViewsCopy.newReply}
        </span>
      ) : null}
      {lead?.isReturning ? (
        <span className="rounded-full border border-ember px-2 py-0.5 text-xs font-bold text-ember">
          {leadViewsCopy.returning}
        </span>
      ) : null}
      {lead ? (
        <span className="rounded-full border border-line px-2 py-0.5">
          {leadViewsCopy.stageOf(stageNames[lead.stage])}
        </span>
      ) : null}
      <LeadFacts enquiry={enquiry} nameOf={nameOf} now={now} />
    </div>
  );
}

/**
 * One card per enquiry, a list rather than a table so it reads the same on a phone. Unread
 * ones are bold and carry the word "New" (in the link's name too), not a colour alone.
 */
export function EnquiryList({ items, focusIndex, time = 'received' }: EnquiryListProps) {
  const list = useRef<HTMLUListElement>(null);
  const nameOf = useStaffNames();
  const firstScreen = useFirstScreen();
  // A server-drawn list counts days from the moment the server drew it, as hydration must.
  const [now] = useState(() => firstScreen.now());
  useEffect(() => {
    if (focusIndex === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('a[href]')[focusIndex]?.focus();
  }, [focusIndex]);

  return (
    <ul ref={list} className="flex flex-col gap-3">
      {items.map((enquiry) => {
        const isNew = enquiry.status === 'new';
        const hasNewReply = enquiry.lead?.hasNewReply === true;
        return (
          <li
            key={enquiry.id}
            // A card below the fold is laid out and painted when it nears the screen, not
            // before the first rows show (a phone sees four of the page's twenty-five).
            className={`relative rounded-2xl border bg-paper-raised p-4 transition-colors [contain-intrinsic-size:auto_9rem] [content-visibility:auto] hover:border-ink/40 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember sm:p-5 ${isNew || hasNewReply ? 'border-l-4 border-ember/40 border-l-ember' : 'border-line'}`}
          >
            <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <h2 className={`min-w-0 text-lg break-words ${isNew ? 'font-bold' : 'font-medium'}`}>
                <StudioLink
                  href={hrefFor({ page: 'lead', id: enquiry.id })}
                  className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                >
                  {isNew ? (
                    <>
                      <span className="inline-block rounded-full bg-ember px-2 py-0.5 align-middle text-xs font-bold tracking-wide text-on-ember uppercase">
                        {inboxCopy.unreadMarker}
                      </span>{' '}
                    </>
                  ) : null}
                  {enquiry.name}
                  {hasNewReply ? <span className="sr-only">, {leadViewsCopy.newReply}</span> : null}
                </StudioLink>
              </h2>
              <CardTime enquiry={enquiry} time={time} />
            </div>
            <p className="mt-1 text-sm text-ink-muted break-words">
              {enquiry.email} · {enquiry.service}
            </p>
            <p className={`mt-2 line-clamp-2 break-words ${isNew ? 'text-ink' : 'text-ink-muted'}`}>
              {enquiry.message.slice(0, EXCERPT_LENGTH)}
            </p>
            <LeadLine enquiry={enquiry} nameOf={nameOf} now={now} />
          </li>
        );
      })}
    </ul>
  );
}
