import { useEffect, useEffectEvent, useState } from 'react';
import { getEnquiry } from '../api/studio-api';
import type { EnquiryDetail } from '../api/types';

/** How soon to look again: soon while a reply is queued, less often while it is retried. */
const QUEUED_MS = 2_000;
const RETRYING_MS = 15_000;
/** Answers arrive by mail at any time; an open enquiry shows them without a reload. */
const IDLE_MS = 30_000;

function delayFor(thread: EnquiryDetail['thread']): number {
  const outgoing = thread.filter((message) => message.direction === 'out');
  if (outgoing.some((message) => message.state === 'queued')) return QUEUED_MS;
  if (outgoing.some((message) => message.state === 'retrying')) return RETRYING_MS;
  return IDLE_MS;
}

/**
 * Keeps an open enquiry's thread (and its status, which a reply changes) current: a reply
 * goes from queued to sent, an answer arrives. The lead's own fields are left alone, so a
 * change being made in the form is never overwritten.
 */
export function useFollowThread(
  enquiry: EnquiryDetail | null,
  update: (change: (current: EnquiryDetail) => EnquiryDetail) => void,
): void {
  const [round, setRound] = useState(0);
  const id = enquiry?.id ?? null;
  const delay = enquiry === null ? null : delayFor(enquiry.thread);
  const apply = useEffectEvent((fresh: EnquiryDetail) =>
    update((current) => ({ ...current, thread: fresh.thread, status: fresh.status })),
  );
  useEffect(() => {
    if (id === null || delay === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getEnquiry(id, controller.signal).then(
        (fresh) => {
          apply(fresh);
          setRound((value) => value + 1);
        },
        // A failed look is tried again next round; the page's own actions report failures.
        () => {
          if (!controller.signal.aborted) setRound((value) => value + 1);
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [id, delay, round]);
}
