import { LEAD_LIMITS } from './leads';

/** What a person can leave half-written on a lead: the reply to the client, or a note. */
export const LEAD_DRAFT_KINDS = ['reply', 'note'] as const;
export type LeadDraftKind = (typeof LEAD_DRAFT_KINDS)[number];

export function isLeadDraftKind(value: string): value is LeadDraftKind {
  return LEAD_DRAFT_KINDS.some((kind) => kind === value);
}

/** A draft may be as long as what it becomes once sent, and no longer. */
export const LEAD_DRAFT_LENGTH: Record<LeadDraftKind, number> = {
  reply: LEAD_LIMITS.replyLength,
  note: LEAD_LIMITS.noteLength,
};

/** One person's words on one lead, exactly as typed; `savedAt` is ISO 8601. */
export type LeadDraft = { kind: LeadDraftKind; text: string; savedAt: string };
