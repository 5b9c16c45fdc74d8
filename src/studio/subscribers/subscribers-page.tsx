import { useEffect, useRef, useState } from 'react';
import {
  removeSubscriber,
  sendSubscriberConfirmation,
  subscriberExportHref,
} from '../api/studio-api';
import type { Subscriber } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { ExportLinks } from '../components/export-links';
import { PageHeading } from '../components/page-heading';
import { StatusLine } from '../components/status-line';
import { subscribersCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useStudioFormat } from '../lib/studio-format';
import { useSubscriberList } from './use-subscriber-list';

/**
 * The newsletter's subscribers, newest first a page at a time: listed with their status,
 * exported, and removed one at a time after a question. A sign-up held as spam can be sent its
 * confirmation email; only the owner's click on it confirms.
 */
export function SubscribersPage() {
  const format = useStudioFormat();
  const subscribers = useSubscriberList();
  const { list } = subscribers;
  const removal = useAction();
  const confirmation = useAction();
  const statusLine = useRef<HTMLParagraphElement>(null);
  const confirmationLine = useRef<HTMLParagraphElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    // After "Load more", the first new subscriber's first button takes focus.
    listElement.current?.children[focusIndex]?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [focusIndex]);

  async function sendConfirmation(subscriber: Subscriber) {
    const isSent = await confirmation.run(async () => {
      await sendSubscriberConfirmation(subscriber.id);
      subscribers.confirmationSent(subscriber);
      return subscribersCopy.confirmationSent(subscriber.email);
    });
    // The button is gone with the held status: focus goes to the words saying what happened.
    if (isSent) confirmationLine.current?.focus();
  }

  async function remove(subscriber: Subscriber) {
    const isRemoved = await removal.run(async () => {
      await removeSubscriber(subscriber.id);
      subscribers.removed(subscriber);
      return subscribersCopy.removed(subscriber.email);
    });
    // The row and its buttons are gone: focus goes to the words saying so.
    if (isRemoved) statusLine.current?.focus();
  }

  async function showMore() {
    const index = await subscribers.loadMore();
    if (index !== null) setFocusIndex(index);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={subscribersCopy.title} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className={list.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
          {list.state === 'ready'
            ? list.total === 0
              ? subscribersCopy.empty
              : subscribersCopy.count(list.total)
            : list.state === 'failed'
              ? list.message
              : subscribersCopy.loading}
        </p>
        <ExportLinks label={subscribersCopy.exportLabel} hrefFor={subscriberExportHref} />
      </div>
      <StatusLine ref={statusLine} status={removal.outcome} />
      <StatusLine ref={confirmationLine} status={confirmation.outcome} />
      {list.state === 'ready' && list.items.length > 0 ? (
        <ul
          ref={listElement}
          className="divide-y divide-line rounded-2xl border border-line bg-paper-raised"
        >
          {list.items.map((subscriber) => (
            <li
              key={subscriber.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{subscriber.email}</p>
                <p className="text-sm text-ink-muted">
                  {subscribersCopy.statuses[subscriber.status]} · {subscribersCopy.since}{' '}
                  <time dateTime={subscriber.createdAt}>
                    {format.dateTime(subscriber.createdAt)}
                  </time>
                </p>
                {subscriber.status === 'held' ? (
                  <p className="text-sm text-ink-muted">{subscribersCopy.heldHint}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {subscriber.status === 'held' ? (
                  <button
                    type="button"
                    aria-label={subscribersCopy.sendConfirmationLabel(subscriber.email)}
                    disabled={confirmation.isBusy}
                    onClick={() => void sendConfirmation(subscriber)}
                    className={BUTTON.secondary}
                  >
                    {subscribersCopy.sendConfirmation}
                  </button>
                ) : null}
                <ConfirmRemoval
                  label={subscribersCopy.remove}
                  accessibleLabel={subscribersCopy.removeLabel(subscriber.email)}
                  question={subscribersCopy.confirm(subscriber.email)}
                  confirmLabel={subscribersCopy.confirmYes}
                  cancelLabel={subscribersCopy.confirmNo}
                  isBusy={removal.isBusy}
                  onConfirm={() => void remove(subscriber)}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <StatusLine status={subscribers.loadMoreOutcome} />
      {list.state === 'ready' && list.hasMore ? (
        <button
          type="button"
          disabled={subscribers.isLoadingMore}
          onClick={() => void showMore()}
          className={`${BUTTON.secondary} self-center`}
        >
          {subscribers.isLoadingMore ? subscribersCopy.loadingMore : subscribersCopy.loadMore}
        </button>
      ) : null}
    </div>
  );
}
