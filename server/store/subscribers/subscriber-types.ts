import type { SubscriptionStatus } from '../../../common/studio-inbox';

/** The secrets of one confirmation email's links, in memory only. */
export type ConfirmationLinks = { confirmToken: string; unsubscribeToken: string };

/** What the studio's "Send confirmation" did to a held sign-up. */
export type HeldConfirmationOutcome = 'queued' | 'not-held' | 'recently-emailed' | 'not-found';

/** A newsletter address with the proof of its consent. */
export type Subscriber = {
  id: string;
  email: string;
  createdAt: Date;
  status: SubscriptionStatus;
  askedAt: Date | null;
  /** The words of the sign-up box the address used when it asked. */
  wording: string | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  /** Set once a letter to the address bounced or its owner complained of one. */
  undeliverable: 'bounced' | 'complained' | null;
};

/** A sign-up as the box sent it. `now` is the clock, injectable for tests. */
export type SubscriptionRequest = { wording?: string | null; now?: Date };

/** What a link's token is worth: only a `valid` one changes anything. */
export type TokenState = 'valid' | 'unknown' | 'expired';

/** The last subscriber of a page: the next page starts after it. */
export type SubscriberPageKey = { createdAt: Date; id: string };

export type SubscriberPageRequest = {
  after: SubscriberPageKey | null;
  limit: number;
  /** Newest first (the studio's list) or oldest first (exports, in the order people joined). */
  order: 'newest' | 'oldest';
  confirmedOnly?: boolean;
};

/** Newsletter subscribers, by double opt-in. */
export interface SubscriberRepository {
  /**
   * Stores the address once, case-insensitively, as pending, and queues a confirmation email
   * with a new token, at most once per address per 24 hours; a confirmed address is left as it
   * is. A repeat is not an error.
   */
  subscribe(email: string, request?: SubscriptionRequest): Promise<void>;
  /**
   * Keeps a sign-up judged spam as `held`, with its proof, and emails nothing. A new or
   * unsubscribed address becomes held; a held, pending or confirmed one is left as it is.
   */
  holdSubscription(email: string, request?: SubscriptionRequest): Promise<void>;
  /**
   * The studio's recovery of a held sign-up: it becomes pending and its confirmation email is
   * queued, under the same one-email-per-24-hours rule. Only the owner's click confirms it.
   */
  sendHeldConfirmation(id: string, now?: Date): Promise<HeldConfirmationOutcome>;
  /**
   * New confirmation and unsubscribe tokens for a sign-up still waiting for its confirmation
   * email, with only their hashes stored; the links of any earlier email stop working. Null when
   * the address no longer waits (confirmed, unsubscribed or forgotten meanwhile).
   */
  mintConfirmationLinks(subscriberId: string): Promise<ConfirmationLinks | null>;
  /** Every address, or only the confirmed ones. */
  listSubscribers(options?: { confirmedOnly?: boolean }): Promise<Subscriber[]>;
  /** Whether a confirmation token would confirm now; changes nothing. */
  checkConfirmToken(token: string, now?: Date): Promise<TokenState>;
  /**
   * Confirms the subscription and spends the token; `confirmedId` names the subscriber when
   * this call confirmed it (null when the link was spent, expired or unknown).
   */
  confirmSubscription(
    token: string,
    now?: Date,
  ): Promise<{ state: TokenState; confirmedId: string | null }>;
  /** Whether the unsubscribe token belongs to an address; changes nothing. */
  checkUnsubscribeToken(token: string): Promise<TokenState>;
  /** Unsubscribes the address (again is not an error); `unknown` for a token never issued. */
  unsubscribe(token: string, now?: Date): Promise<TokenState>;
  /**
   * Whether the subscriber a letter's link names is still known; changes nothing. The link's
   * token was checked against the server's secret before (letter-unsubscribe-token.ts).
   */
  checkSubscriber(subscriberId: string): Promise<TokenState>;
  /** Unsubscribes the subscriber a letter's link names, as `unsubscribe` does its token's. */
  unsubscribeSubscriber(subscriberId: string, now?: Date): Promise<TokenState>;
}
