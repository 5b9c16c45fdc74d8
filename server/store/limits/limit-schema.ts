import type { Timestamp } from '../db/timestamps';

/** Attempts counted by one limit key in one fixed window; `ceiling` is the most it allows. */
export type AttemptCountTable = {
  key: string;
  window_start: Timestamp;
  attempts: number;
  ceiling: number;
  expires_at: Timestamp;
};

/** A proof-of-work solution already accepted, kept until its challenge expires. */
export type SpentChallengeTable = { nonce: string; expires_at: Timestamp };

export type LimitDatabase = {
  attempt_counts: AttemptCountTable;
  spent_challenges: SpentChallengeTable;
};
