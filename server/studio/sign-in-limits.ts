import type { StudioConfig } from '../config';
import { limitSubjectOf } from '../http/ip-address';
import { createAttemptLimiter, type Budget } from '../limits/attempt-limiter';
import type { AttemptCounts } from '../store/limits/limit-repository';

/** What a sign-in route learns before it does any work. */
export type SignInAttempt =
  | { refused: true; retryAfterSeconds: number; firstRefusals: string[] }
  | {
      refused: false;
      /** The attempt succeeded, so it does not count (only failures do). */
      succeeded(): Promise<void>;
    };

export type SignInLimits = {
  /** A password for `email` from `address`: counted per address, per account and address, per account. */
  password(address: string, email: string): Promise<SignInAttempt>;
  /**
   * A password for `email` from a browser that signed in to it before (its device cookie):
   * counted against that browser's own budget only, so failures from elsewhere, however many,
   * never lock it out.
   */
  passwordFromDevice(email: string, deviceId: string): Promise<SignInAttempt>;
  /** A welcome link's token from `address`: a guess at a secret, like a password. */
  welcome(address: string): Promise<SignInAttempt>;
  /**
   * A step of the passkey sign-in from `address`, counted apart from passwords, so password
   * failures (anyone's, from anywhere) never lock the passkey path. The options step counts
   * the ceremony; a verified passkey gives back both its own attempt and that one.
   */
  passkey(address: string, step: 'options' | 'verify'): Promise<SignInAttempt>;
};

/**
 * The sign-in limits, counted in the store so every instance sees every failure. Names are
 * what the audit log records for a refusal: `ip`, `account` (this account from this address),
 * `account-all` (this account from everywhere), `device` (this account from one known browser)
 * and `passkey`.
 */
export function createSignInLimits(options: {
  counts: AttemptCounts;
  limits: StudioConfig['signInLimit'];
  now: () => number;
}): SignInLimits {
  const { limits } = options;
  const limiter = createAttemptLimiter({
    counts: options.counts,
    windowMs: limits.windowMs,
    now: options.now,
  });
  const attempt = async (budgets: Budget[], refund = 1): Promise<SignInAttempt> => {
    const taken = await limiter.take(budgets);
    if (!taken.allowed) return { refused: true, ...taken };
    return { refused: false, succeeded: () => taken.giveBack(refund) };
  };
  const byAddress = (address: string): Budget => ({
    name: 'ip',
    subject: limitSubjectOf(address),
    max: limits.perIp,
  });
  return {
    password(address, email) {
      const account = email.trim().toLowerCase();
      return attempt([
        byAddress(address),
        {
          name: 'account',
          subject: `${account}\n${limitSubjectOf(address)}`,
          max: limits.perAccount,
        },
        { name: 'account-all', subject: account, max: limits.perAccountAll },
      ]);
    },
    passwordFromDevice: (email, deviceId) =>
      attempt([
        {
          name: 'device',
          subject: `${email.trim().toLowerCase()}\n${deviceId}`,
          max: limits.perAccount,
        },
      ]),
    welcome: (address) => attempt([byAddress(address)]),
    passkey: (address, step) =>
      attempt(
        [{ name: 'passkey', subject: limitSubjectOf(address), max: limits.perIp }],
        step === 'verify' ? 2 : 1,
      ),
  };
}
