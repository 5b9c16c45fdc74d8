import type { LeadValue } from './lead-value';
import type { LeadStage } from './leads';
import type { PersonSummary } from './person';
import type { SubscriberStatus } from './studio-inbox';

/** A person the inbox's search found, with how many leads they have had. */
export type PersonMatch = PersonSummary & { leads: number };

/** The visit a person first came from; `at` ISO 8601. */
export type FirstSeen = { at: string; source: string | null; campaign: string | null };

/** One of a person's leads; dates ISO 8601, `closedAt` once won or lost. */
export type PersonLead = {
  id: string;
  stage: LeadStage;
  value: LeadValue | null;
  openedAt: string;
  closedAt: string | null;
};

/** One of a person's calls; times ISO 8601. */
export type PersonCall = {
  id: string;
  start: string;
  end: string;
  state: 'confirmed' | 'pending' | 'cancelled';
};

/**
 * GET /api/studio/people/:id (DESIGN.md, "The person and the lead"): who they are, where they
 * first came from, every lead and call of theirs, their newsletter status, and what their won
 * leads brought, a sum per currency.
 */
export type PersonDetail = PersonSummary & {
  firstSeen: FirstSeen | null;
  leads: PersonLead[];
  calls: PersonCall[];
  subscriber: { status: SubscriberStatus } | null;
  won: LeadValue[];
};
