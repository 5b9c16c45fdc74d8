import type { Submission } from './enquiry-ledger';
import type { ReceivedEmail } from './recording-smtp-sink';
import type { SqliteInspection } from './sqlite-inspection';

export type CrashProofEvidence = {
  submissions: readonly Submission[];
  received: readonly ReceivedEmail[];
  /** Markers whose email the sink had accepted while the outbox still had it pending at a kill. */
  crashWindowMarkers: ReadonlySet<string>;
  /** Enquiries stored before a kill that cut off their answer: each retry must get this id. */
  committedUnansweredIds: ReadonlySet<string>;
  final: SqliteInspection;
};

export type CrashProofCounts = {
  acknowledged: number;
  stored: number;
  emailsReceived: number;
  /** Acknowledged enquiries emailed twice because a kill fell in the acceptance/update window. */
  duplicatesSameMessageId: number;
  /** Enquiries whose answer a kill cut off, answered on retry (same Idempotency-Key) with their id. */
  retriedSameId: number;
};

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    if (name !== null) groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return groups;
}

const MARKER = /\bproof-marker-[0-9a-z-]+\b/;

/** Checks the promises against what the store holds and what the SMTP server received. */
export function verifyCrashProof(evidence: CrashProofEvidence): {
  counts: CrashProofCounts;
  problems: string[];
} {
  const problems: string[] = [];
  if (evidence.final.integrity !== 'ok') {
    problems.push(`integrity_check: ${evidence.final.integrity}`);
  }
  const rowsByMarker = groupBy(
    evidence.final.enquiries,
    (row) => MARKER.exec(row.message)?.[0] ?? null,
  );
  const emailsByMarker = groupBy(evidence.received, (email) => email.marker);
  const acknowledged = evidence.submissions.filter((submission) => submission.ackedId !== null);
  let stored = 0;
  let duplicatesSameMessageId = 0;

  for (const { marker, ackedId } of acknowledged) {
    const rows = rowsByMarker.get(marker) ?? [];
    const row = rows.find((candidate) => candidate.id === ackedId);
    if (row === undefined) problems.push(`${marker}: acknowledged as ${ackedId} but not stored`);
    else stored += 1;
    if (rows.length > 1) problems.push(`${marker}: stored ${rows.length} times`);
    if (row !== undefined && row.status !== 'sent') {
      problems.push(`${marker}: delivery status is "${row.status}", not "sent"`);
    }

    const emails = emailsByMarker.get(marker) ?? [];
    if (emails.length === 0) problems.push(`${marker}: never emailed`);
    const foreign = emails.filter((email) => !email.messageId.includes(`enquiry-${ackedId}@`));
    if (foreign.length > 0) {
      problems.push(`${marker}: Message-ID ${foreign[0]?.messageId} is not the enquiry's`);
    }
    if (emails.length > 1) {
      if (evidence.crashWindowMarkers.has(marker) && foreign.length === 0) {
        duplicatesSameMessageId += emails.length - 1;
      } else {
        problems.push(`${marker}: emailed ${emails.length} times outside a crash window`);
      }
    }
  }

  const ackedIds = new Set(acknowledged.map((submission) => submission.ackedId));
  let retriedSameId = 0;
  for (const id of evidence.committedUnansweredIds) {
    if (ackedIds.has(id)) retriedSameId += 1;
    else problems.push(`${id}: stored before a kill, but no retry was answered with this id`);
  }

  const known = new Set(acknowledged.map((submission) => submission.marker));
  for (const [marker, emails] of emailsByMarker) {
    if (!known.has(marker))
      problems.push(`${marker}: emailed ${emails.length}× but never acknowledged`);
  }
  const unmarked = evidence.received.filter((email) => email.marker === null).length;
  if (unmarked > 0) problems.push(`${unmarked} email(s) without a marker`);
  if (evidence.final.outboxRows !== 0) {
    problems.push(`${evidence.final.outboxRows} email(s) still in the outbox`);
  }

  return {
    counts: {
      acknowledged: acknowledged.length,
      stored,
      emailsReceived: evidence.received.length,
      duplicatesSameMessageId,
      retriedSameId,
    },
    problems,
  };
}
