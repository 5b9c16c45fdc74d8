import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as z from 'zod/mini';
import type { ChallengeClaim } from '../store/limits/limit-types';

type Unsolved = { state: 'missing' | 'invalid' | 'expired'; issuedAt: null };

/** What a submission's `altcha` field proved. `issuedAt` (ms) is known only for a solved one. */
export type ChallengeCheck =
  Unsolved | { state: 'replayed'; issuedAt: null } | { state: 'solved'; issuedAt: number };

/**
 * What the payload proves before the store is asked: a solved challenge comes with the nonce
 * that must still be spent, once, for the solution to count.
 */
export type VerifiedChallenge =
  Unsolved | { state: 'solved'; issuedAt: number; claim: ChallengeClaim };

export type Challenges = {
  issue(): Promise<Challenge>;
  /** Signature, expiry and work, without touching the store; the caller spends the claim. */
  verify(payload: string | undefined): Promise<VerifiedChallenge>;
  /** `verify`, then the claim spent at once (its own write to the store). */
  check(payload: string | undefined): Promise<ChallengeCheck>;
};

export const CHALLENGE_SETTINGS = {
  /** A challenge must be solved and used within this time. */
  ttlMs: 10 * 60_000,
  /**
   * The solver tries counters from 0 up, one SHA-256 each, until it meets the one the server
   * picked at random below this bound: half of it on average. Tuned so that the slowest solve
   * stays well under a second on a phone-class CPU (`npm run bench`, BENCH_ONLY=challenge).
   */
  maxCounter: 5_000,
} as const;

/**
 * Where accepted solutions are recorded (the store, shared by every instance): true when the
 * nonce was not spent before; it is then kept until `expiresAt`, when its challenge expires.
 */
export type SpentChallenges = { claimChallenge(nonce: string, expiresAt: Date): Promise<boolean> };

const ALGORITHM = 'SHA-256';

/** The shape a payload must have before any of it is trusted; the signature covers the values. */
const ParametersSchema = z.looseObject({
  algorithm: z.literal(ALGORITHM),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number(),
  keyLength: z.number(),
  keyPrefix: z.string(),
  expiresAt: z.optional(z.number()),
  data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
const PayloadSchema = z.object({
  challenge: z.object({ parameters: ParametersSchema, signature: z.string() }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.optional(z.number()) }),
});

function decode(payload: string): z.infer<typeof PayloadSchema> | null {
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type ChallengeOptions = { secret: string; now?: () => number; ttlMs?: number; maxCounter?: number };

/** A fresh challenge signed with `secret`, its time of issue signed into its data. */
export function issueChallenge(options: ChallengeOptions): Promise<Challenge> {
  const issuedAt = (options.now ?? Date.now)();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(options.maxCounter ?? CHALLENGE_SETTINGS.maxCounter),
    deriveKey,
    data: { issuedAt },
    expiresAt: new Date(issuedAt + (options.ttlMs ?? CHALLENGE_SETTINGS.ttlMs)),
    hmacSignatureSecret: options.secret,
  });
}

/**
 * Issues ALTCHA challenges signed with `secret` and checks their solutions: signature, expiry,
 * the work itself, and that no solution is used twice, on any instance. `check` spends the
 * solution in `spent` (the store) itself; `verify` hands it back, for the enquiry to spend in
 * its own transaction. The time of issue rides, signed, in the challenge's data, so the server
 * knows when the visitor started on the form.
 */
export function createChallenges(
  options: ChallengeOptions & { spent: SpentChallenges },
): Challenges {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? CHALLENGE_SETTINGS.ttlMs;

  async function verify(payload: string | undefined): Promise<VerifiedChallenge> {
    if (payload === undefined || payload === '') return { state: 'missing', issuedAt: null };
    const decoded = decode(payload);
    const issuedAt = decoded?.challenge.parameters.data?.issuedAt;
    if (decoded === null || typeof issuedAt !== 'number') {
      return { state: 'invalid', issuedAt: null };
    }
    const { challenge, solution } = decoded;
    const expiresAt = issuedAt + ttlMs;
    if (expiresAt <= now()) return { state: 'expired', issuedAt: null };
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: options.secret,
    });
    if (result.expired) return { state: 'expired', issuedAt: null };
    if (!result.verified) return { state: 'invalid', issuedAt: null };
    const claim = { nonce: challenge.parameters.nonce, expiresAt: new Date(expiresAt) };
    return { state: 'solved', issuedAt, claim };
  }

  return {
    issue: () => issueChallenge(options),
    verify,
    async check(payload) {
      const verified = await verify(payload);
      if (verified.state !== 'solved') return verified;
      const { nonce, expiresAt } = verified.claim;
      if (!(await options.spent.claimChallenge(nonce, expiresAt))) {
        return { state: 'replayed', issuedAt: null };
      }
      return { state: 'solved', issuedAt: verified.issuedAt };
    },
  };
}
