import type { LeadDraftKind } from '../../../common/lead-drafts';
import type { Timestamp } from '../db/timestamps';

/** One staff member's half-written reply or note on one enquiry. */
export type LeadDraftTable = {
  staff_id: string;
  enquiry_id: string;
  kind: LeadDraftKind;
  text: string;
  saved_at: Timestamp;
};

export type LeadDraftDatabase = { lead_drafts: LeadDraftTable };
