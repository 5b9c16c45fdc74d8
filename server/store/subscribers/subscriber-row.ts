import type { Selectable } from 'kysely';
import type { SubscriberTable } from './subscriber-schema';
import type { Subscriber } from './subscriber-types';
import { toDate } from '../db/to-date';

const toOptionalDate = (value: Date | string | null): Date | null =>
  value === null ? null : toDate(value);

export function toSubscriber(row: Selectable<SubscriberTable>): Subscriber {
  return {
    id: row.id,
    email: row.email,
    createdAt: toDate(row.created_at),
    status: row.status,
    askedAt: toOptionalDate(row.asked_at),
    wording: row.wording,
    confirmedAt: toOptionalDate(row.confirmed_at),
    unsubscribedAt: toOptionalDate(row.unsubscribed_at),
    undeliverable: row.undeliverable,
  };
}
