import { unsubscribeUrl } from '../newsletter/newsletter-links';
import type { Subscriber } from '../store/store';
import type { ExportShape } from './export-chunks';
import { iso } from './format';

/** One row per subscriber with the proof of consent, ready for a mailing tool. */
export type SubscriberExportRow = {
  email: string;
  status: string;
  asked_at: string;
  confirmed_at: string;
  wording: string;
  unsubscribe_url: string;
};

export const SUBSCRIBER_COLUMNS = [
  'email',
  'status',
  'asked_at',
  'confirmed_at',
  'wording',
  'unsubscribe_url',
] as const satisfies readonly (keyof SubscriberExportRow)[];

export function toSubscriberRow(subscriber: Subscriber, siteOrigin: string): SubscriberExportRow {
  return {
    email: subscriber.email,
    status: subscriber.status,
    asked_at: subscriber.askedAt === null ? '' : iso(subscriber.askedAt),
    confirmed_at: subscriber.confirmedAt === null ? '' : iso(subscriber.confirmedAt),
    wording: subscriber.wording ?? '',
    unsubscribe_url:
      subscriber.unsubscribeToken === null
        ? ''
        : unsubscribeUrl(siteOrigin, subscriber.unsubscribeToken),
  };
}

/** Subscribers as the CLI and the studio export them: the row above, in both formats. */
export function subscriberExportShape(siteOrigin: string): ExportShape<Subscriber> {
  return {
    columns: SUBSCRIBER_COLUMNS,
    cells: (subscriber) => {
      const row = toSubscriberRow(subscriber, siteOrigin);
      return SUBSCRIBER_COLUMNS.map((column) => row[column]);
    },
    json: (subscriber) => toSubscriberRow(subscriber, siteOrigin),
  };
}
