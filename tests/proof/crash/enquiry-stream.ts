import { ALTCHA_FIELD } from '../../../common/challenge';
import { CONTACT_ENDPOINT, IDEMPOTENCY_HEADER } from '../../../common/endpoints';
import { idOf, SITE_ORIGIN } from '../../server/helpers/api-client';
import { solvedChallenge } from '../../support/challenge-solver';
import type { EnquiryLedger, Submission } from './enquiry-ledger';

export type EnquiryStream = {
  /** Settles when every sender has returned (only on its own in retry-only mode). */
  done: Promise<void>;
  /** Stops sending and waits for the requests in flight to finish or fail. */
  stop(): Promise<void>;
};

/** Answers that are not an acknowledgement but are no fault either: the store was busy. */
const RETRYABLE_STATUSES = new Set([503]);
const REQUEST_TIMEOUT_MS = 10_000;

export type StreamOptions = {
  url: string;
  ledger: EnquiryLedger;
  concurrency: number;
  /** Pause between two enquiries of one sender. */
  paceMs?: number;
  /** Only re-send unacknowledged submissions; stop when none is left. */
  retryOnly?: boolean;
  /** Called with every answer that is neither a 2xx nor a retryable refusal. */
  onUnexpected: (submission: Submission, status: number, body: unknown) => void;
};

async function send(url: string, submission: Submission, options: StreamOptions): Promise<void> {
  submission.attempts += 1;
  try {
    const response = await fetch(`${url}${CONTACT_ENDPOINT}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE_ORIGIN,
        [IDEMPOTENCY_HEADER]: submission.key,
      },
      // Every attempt carries a fresh solution, as the site's form does: a used one is spam.
      body: JSON.stringify({ ...submission.body, [ALTCHA_FIELD]: await solvedChallenge() }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body: unknown = await response.json();
    const answer = { status: response.status, body };
    if (answer.status >= 200 && answer.status < 300) {
      const id = idOf(answer.body);
      if (submission.ackedId !== null && submission.ackedId !== id) {
        options.onUnexpected(submission, answer.status, answer.body);
      }
      submission.ackedId = id;
    } else if (!RETRYABLE_STATUSES.has(answer.status)) {
      options.onUnexpected(submission, answer.status, answer.body);
    }
  } catch {
    // The connection failed or was cut by the kill: not acknowledged, so sent again later
    // with the same Idempotency-Key, as the site's form does.
  }
}

/** Several senders posting valid enquiries back to back, as a steady stream of visitors. */
export function startEnquiryStream(options: StreamOptions): EnquiryStream {
  let isStopping = false;
  const { ledger } = options;

  async function sender(): Promise<void> {
    while (!isStopping) {
      const submission = options.retryOnly === true ? ledger.takeUnacknowledged() : ledger.take();
      if (submission === null) return;
      try {
        await send(options.url, submission, options);
      } finally {
        ledger.release(submission);
      }
      // A refused attempt is retried soon, not in a tight loop against a server that is down.
      const pause = submission.ackedId === null ? 50 : (options.paceMs ?? 0);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  const senders = Array.from({ length: options.concurrency }, sender);
  const done = Promise.all(senders).then(() => undefined);
  return {
    done,
    stop() {
      isStopping = true;
      return done;
    },
  };
}
