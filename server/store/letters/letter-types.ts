import type {
  Letter,
  LetterDraft,
  LetterListItem,
  LetterSendStarted,
} from '../../../common/letters';

/** What a letter's copy is made from. */
export type LetterContent = Pick<Letter, 'id' | 'slug' | 'subject' | 'preview' | 'body'>;

/** A copy claimed for sending, with the address it goes to. */
export type ClaimedCopy = { subscriberId: string; email: string; attempts: number };

/** What a change of a letter did: `not-allowed` names the state that refused it. */
export type LetterChange<T> =
  | { kind: 'done'; value: T }
  | { kind: 'not-found' }
  | { kind: 'not-allowed'; state: Letter['state'] };

/** The control of a letter being sent, and what state each one needs. */
export type LetterControl = 'pause' | 'resume' | 'cancel';

/** LETTER_RATE as the store takes its slots; `marginMs` is added to every window. */
export type RateSlots = { max: number; windowMs: number; marginMs: number };

/** The slots taken (as many copies may leave now), and when the earliest is free again. */
export type SlotsTaken = { slots: number[]; freeAtMs: number };

/** Letters to the subscribers: drafts, the start of a send, and its control. */
export interface LetterDrafts {
  /** A new draft, its slug made from the subject and unique (a suffix on a repeat). */
  createDraft(draft: LetterDraft, createdBy: string, now: Date): Promise<LetterContent>;
  readLetter(id: string): Promise<Letter | null>;
  /** Every letter, newest first, with its counts. */
  listLetters(): Promise<LetterListItem[]>;
  /** Changes a draft's words; its slug stays the one it was given. */
  updateDraft(id: string, draft: LetterDraft, now: Date): Promise<LetterChange<Letter>>;
  deleteDraft(id: string): Promise<LetterChange<null>>;
  /**
   * Sends a draft now (`at` null: every subscriber confirmed now gets a copy, made in the same
   * transaction as the change of state) or schedules it for `at` (the copies are made then;
   * `recipients` counts who would get one now).
   */
  startSending(id: string, at: Date | null, now: Date): Promise<LetterChange<LetterSendStarted>>;
  /** Pause: sending → paused; resume: paused → sending; cancel: the waiting copies are skipped. */
  controlLetter(
    id: string,
    control: LetterControl,
    now: Date,
  ): Promise<LetterChange<Letter['state']>>;
}

/** The sender's side: claims of copies, their outcomes, and LETTER_RATE's slots. */
export interface LetterDelivery {
  /**
   * Starts every scheduled letter whose time has come, each by a conditional change of state
   * with its copies made in the same transaction, so only one instance starts it.
   */
  startDueLetters(now: Date): Promise<number>;
  /** The letters whose copies may be claimed now. */
  listLettersSending(): Promise<LetterContent[]>;
  /**
   * How many copies `claimCopies` would find now, counting no further than `limit`: a round
   * takes no more of LETTER_RATE's slots than it has copies to send.
   */
  countDueCopies(letterId: string, limit: number, now: Date): Promise<number>;
  /**
   * Claims up to `limit` copies of a sending letter: waiting ones that are due, and those a
   * crash left `sending` past their lease; none unless the letter is `sending`. A copy whose
   * subscriber is no longer confirmed, or is undeliverable, is skipped instead.
   */
  claimCopies(letterId: string, limit: number, leaseMs: number, now: Date): Promise<ClaimedCopy[]>;
  markCopiesSent(letterId: string, subscriberIds: readonly string[], at: Date): Promise<void>;
  markCopyFailed(letterId: string, subscriberId: string, reason: string): Promise<void>;
  /** A temporary refusal: the copy waits until `retryAt`. */
  deferCopy(letterId: string, subscriberId: string, retryAt: Date, reason: string): Promise<void>;
  /** Marks the letter sent when no copy waits or is being sent; true when this call did. */
  finishLetter(letterId: string, now: Date): Promise<boolean>;
  /**
   * Takes up to `count` of LETTER_RATE's slots, shared by every instance, by one conditional
   * write: only a slot last used strictly more than a window (and the margin) ago is taken.
   */
  takeRateSlots(rate: RateSlots, count: number, nowMs: number): Promise<SlotsTaken>;
  /**
   * Moves the slots' last use from when they were taken to when their copies were accepted,
   * so the window is counted from the copies' arrival, however long the send took. A slot
   * someone else took meanwhile (a send longer than a window) is left as it is.
   */
  holdRateSlots(slots: readonly number[], takenAtMs: number, doneAtMs: number): Promise<void>;
}

export type LetterRepository = LetterDrafts & LetterDelivery;
