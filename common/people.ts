import type { LeadStage } from './leads';
import type { LeadValue } from './lead-value';
import type { EnquiryBooking, Person, SubscriberStatus } from './studio-inbox';

/** The visit that first brought the person to the site; `at` ISO 8601. */
export type FirstSeen = { at: string; source: string; campaign: string | null };

/** One of the person's leads; dates ISO 8601, `closedAt` null while it is open. */
export type PersonLead = {
  id: string;
  stage: LeadStage;
  value: LeadValue | null;
  openedAt: string;
  closedAt: string | null;
};

/** One of the person's calls, in the states the Bookings screen names; times ISO 8601. */
export type PersonCall = Pick<EnquiryBooking, 'id' | 'start' | 'end' | 'state'>;

/** A letter whose copy left for the person's subscription; `sentAt` ISO 8601, when it left. */
export type PersonLetter = { subject: string; slug: string; sentAt: string };

/** The person's subscription: its status and the letters sent to it, newest first. */
export type PersonSubscription = { status: SubscriberStatus; letters: PersonLetter[] };

/** `GET /api/studio/people/:id`: `won` is the sum of the won leads' values, one per currency. */
export type PersonDetail = Person & {
  firstSeen: FirstSeen | null;
  leads: PersonLead[];
  calls: PersonCall[];
  subscriber: PersonSubscription | null;
  won: LeadValue[];
};

/** A person the inbox's search words found, with how many leads they have had. */
export type PersonMatch = Person & { leads: number };

/** `GET /api/studio/people?q=`: at most `PEOPLE_SEARCH_LIMIT` people. */
export type PeopleMatches = { items: PersonMatch[] };

export const PEOPLE_SEARCH_LIMIT = 10;
