import { createNudgeableWait } from '../clock/nudgeable-wait';
import type { LetterRate } from '../config';
import type { MailLog, MailTransport } from '../mail/mail-transport';
import { redactAddresses } from '../mail/redact-addresses';
import type { RetrySchedule, RetryScheduleOptions } from '../mail/retry-schedule';
import type { ClaimedCopy, LetterContent, LetterRepository } from '../store/letters/letter-types';
import { letterCopy, type LetterCopySettings } from './letter-copy';

export type LetterSenderOptions = {
  letters: LetterRepository;
  /** A transport of the sender's own, pooled: copies go out several at a time. */
  transport: MailTransport;
  copies: LetterCopySettings;
  rate: LetterRate;
  /** When a copy refused for now is tried again; null from it: failed for good. */
  retries: RetrySchedule;
  /**
   * How long a claimed copy stays this instance's. It must outlast one send (the SMTP timeouts
   * together): a copy still `sending` after it is one a crash interrupted, and goes again.
   */
  leaseMs: number;
  /** Copies sent at once: each takes a slot of LETTER_RATE just before it leaves. */
  batchSize?: number;
  /** How often to look for letters to send (and scheduled ones due) when nothing nudges. */
  pollIntervalMs?: number;
  /** Copies marked sent are written together, at most this long after the SMTP server accepted them. */
  markIntervalMs?: number;
  log: MailLog;
  now?: () => number;
};

export type LetterSender = {
  /** Looks for letters to send now, e.g. right after one was started. */
  nudge(): void;
  /** Finishes the copies in progress, writes their marks, then stops. */
  stop(): Promise<void>;
};

/**
 * A copy refused for now is tried again within hours, not days: a letter is news, and one that
 * arrives days late is better not sent at all.
 */
export const LETTER_RETRY_SCHEDULE: RetryScheduleOptions = {
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 8,
};

export const LETTER_SENDER_DEFAULTS = {
  batchSize: 8,
  pollIntervalMs: 5_000,
  markIntervalMs: 250,
} as const;

/**
 * Each window is lengthened by 1%: a slot's last use is when its copy was accepted, which a
 * receiving server's clock (or its own timing) may put a little later.
 */
export function rateMarginMs(windowMs: number): number {
  return Math.ceil(windowMs / 100);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the letters in state `sending`, on every instance at once: each round takes slots of
 * LETTER_RATE (shared by all instances through the store), claims as many copies as it holds
 * slots, and sends them together. A copy is claimed by a conditional write with a lease, so two
 * instances never send one copy, and one a crash interrupted goes again after its lease, with
 * the same Message-ID (docs/decisions/0121-letters-sent-once.md).
 */
export function startLetterSender(options: LetterSenderOptions): LetterSender {
  const { letters, transport, copies, rate, retries, leaseMs, log } = options;
  const batchSize = options.batchSize ?? LETTER_SENDER_DEFAULTS.batchSize;
  const pollIntervalMs = options.pollIntervalMs ?? LETTER_SENDER_DEFAULTS.pollIntervalMs;
  const markIntervalMs = options.markIntervalMs ?? LETTER_SENDER_DEFAULTS.markIntervalMs;
  const now = options.now ?? Date.now;
  const slots = { ...rate, marginMs: rateMarginMs(rate.windowMs) };
  const idle = createNudgeableWait();
  /** Copies the SMTP server accepted, by letter, not yet marked sent in the store. */
  const accepted = new Map<string, string[]>();
  let lastMarkedAt = now();

  /** Writes the accepted copies' marks, one statement per letter. */
  async function markAccepted(): Promise<void> {
    lastMarkedAt = now();
    for (const [letterId, subscriberIds] of accepted) {
      accepted.delete(letterId);
      await letters.markCopiesSent(letterId, subscriberIds, new Date(lastMarkedAt));
    }
  }

  async function send(letter: LetterContent, copy: ClaimedCopy): Promise<void> {
    const result = await transport.send(letterCopy(copies, letter, copy));
    if (result.outcome === 'sent') {
      const list = accepted.get(letter.id) ?? [];
      list.push(copy.subscriberId);
      accepted.set(letter.id, list);
      return;
    }
    const reason = redactAddresses(result.reason);
    const retryAt =
      result.outcome === 'permanent-failure'
        ? null
        : retries.nextAttemptAt(copy.attempts, new Date(now()));
    if (retryAt === null) {
      await letters.markCopyFailed(letter.id, copy.subscriberId, reason);
      log.error(`Letter ${letter.id} to subscriber ${copy.subscriberId} failed: ${reason}`);
    } else {
      await letters.deferCopy(letter.id, copy.subscriberId, retryAt, reason);
    }
  }

  /**
   * Takes up to `count` slots for this round; when none is free, waits until the earliest one
   * is. Null when stopping.
   */
  async function takeSlots(count: number): Promise<{ slots: number[]; takenAtMs: number } | null> {
    for (;;) {
      if (idle.isStopping) return null;
      const takenAtMs = now();
      const taken = await letters.takeRateSlots(slots, count, takenAtMs);
      if (taken.slots.length > 0) return { slots: taken.slots, takenAtMs };
      await markAccepted();
      await idle.wait(taken.freeAtMs - now());
    }
  }

  /** One round on one letter: false when it had no copy left to claim. */
  async function sendRound(letter: LetterContent): Promise<boolean> {
    // Slots are taken for copies there are: none goes unused while the rest wait for a retry.
    const due = await letters.countDueCopies(letter.id, batchSize, new Date(now()));
    if (due === 0) return false;
    const taken = await takeSlots(due);
    if (taken === null) return false;
    const claimed = await letters.claimCopies(
      letter.id,
      taken.slots.length,
      leaseMs,
      new Date(now()),
    );
    if (claimed.length === 0) return false;
    await Promise.all(
      claimed.map((copy) =>
        send(letter, copy).catch((error: unknown) => {
          // The outcome was not written: the lease runs out and the copy goes again.
          log.error(
            `Letter ${letter.id} to subscriber ${copy.subscriberId} not recorded: ${describe(error)}`,
          );
        }),
      ),
    );
    await letters.holdRateSlots(taken.slots, taken.takenAtMs, now());
    if (now() - lastMarkedAt >= markIntervalMs) await markAccepted();
    return true;
  }

  /** Sends what is due of every letter; true when any copy was claimed. */
  async function runOnce(): Promise<boolean> {
    await letters.startDueLetters(new Date(now()));
    let didSend = false;
    for (const letter of await letters.listLettersSending()) {
      while (!idle.isStopping && (await sendRound(letter))) didSend = true;
      if (idle.isStopping) break;
      await markAccepted();
      if (await letters.finishLetter(letter.id, new Date(now()))) {
        log.info(`Letter ${letter.id} sent`);
      }
    }
    return didSend;
  }

  async function run(): Promise<void> {
    while (!idle.isStopping) {
      try {
        await runOnce();
      } catch (error) {
        log.error(`Letters: cannot send: ${describe(error)}`);
      }
      try {
        await markAccepted();
      } catch (error) {
        log.error(`Letters: cannot mark copies sent: ${describe(error)}`);
      }
      await idle.wait(pollIntervalMs);
    }
  }

  const running = run();
  return {
    nudge: idle.nudge,
    async stop() {
      idle.stop();
      await running;
    },
  };
}
