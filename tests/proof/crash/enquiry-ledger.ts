import { randomUUID } from 'node:crypto';
import { validEnquiry } from '../../server/helpers/api-client';

/** One enquiry as a visitor's browser would send it: its own Idempotency-Key, reused on retry. */
export type Submission = {
  marker: string;
  key: string;
  body: Record<string, unknown>;
  /** The id from the first 2xx answer; null while no attempt has been acknowledged. */
  ackedId: string | null;
  attempts: number;
};

export type EnquiryLedger = {
  submissions: Map<string, Submission>;
  /** An unacknowledged submission nobody is sending right now, or a new one. */
  take(): Submission;
  /** Unacknowledged submissions nobody is sending right now. */
  takeUnacknowledged(): Submission | null;
  release(submission: Submission): void;
};

export function createEnquiryLedger(seed: number): EnquiryLedger {
  const submissions = new Map<string, Submission>();
  const inFlight = new Set<string>();
  let count = 0;

  function takeUnacknowledged(): Submission | null {
    for (const submission of submissions.values()) {
      if (submission.ackedId === null && !inFlight.has(submission.marker)) {
        inFlight.add(submission.marker);
        return submission;
      }
    }
    return null;
  }

  return {
    submissions,
    takeUnacknowledged,
    take() {
      const retry = takeUnacknowledged();
      if (retry !== null) return retry;
      count += 1;
      const marker = `proof-marker-${seed}-${count}`;
      const submission: Submission = {
        marker,
        key: randomUUID(),
        body: validEnquiry({ message: `Please quote for a rebrand. Reference ${marker}.` }),
        ackedId: null,
        attempts: 0,
      };
      submissions.set(marker, submission);
      inFlight.add(marker);
      return submission;
    },
    release(submission) {
      inFlight.delete(submission.marker);
    },
  };
}
