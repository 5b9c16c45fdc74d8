import type { Subscriber } from '../store/subscribers/subscriber-types';
import type { ExportShape } from './export-chunks';
import { iso } from './csv';

/**
 * One row per subscriber with the proof of consent, ready for a mailing tool. It carries no
 * unsubscribe link: the database keeps only their hashes, so an export cannot leak one. A
 * mailing tool offers its own unsubscribe and is told who left by `unsubscribed_at`.
 */
export type SubscriberExportRow = {
  email: string;
  status: string;
  asked_at: string;
  confirmed_at: string;
  unsubscribed_at: string;
  wording: string;
};

export const SUBSCRIBER_COLUMNS = [
  'email',
  'status',
  'asked_at',
  'confirmed_at',
  'unsubscribed_at',
  'wording',
] as const satisfies readonly (keyof SubscriberExportRow)[];

export function toSubscriberRow(subscriber: Subscriber): SubscriberExportRow {
  return {
    email: subscriber.email,
    status: subscriber.status,
    asked_at: iso(subscriber.askedAt),
    confirmed_at: iso(subscriber.confirmedAt),
    unsubscribed_at: iso(subscriber.unsubscribedAt),
    wording: subscriber.wording ?? '',
  };
}

/** Subscribers as the CLI and the studio export them: the row above, in both formats. */
export const SUBSCRIBER_EXPORT_SHAPE: ExportShape<Subscriber> = {
  columns: SUBSCRIBER_COLUMNS,
  cells: (subscriber) => {
    const row = toSubscriberRow(subscriber);
    return SUBSCRIBER_COLUMNS.map((column) => row[column]);
  },
  json: toSubscriberRow,
};
