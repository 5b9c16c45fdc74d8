import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { SENT_PAGES } from '../../common/form-page';
import { MIN_FILL_MS } from '../../common/challenge';
import { NewsletterSignupSchema } from '../../common/newsletter';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import type { Challenges } from '../spam/challenges';
import { judgeSubmission } from '../spam/spam-verdict';
import type { Store } from '../store/store';
import { guardApiRequest, type GuardDeps } from './api-guard';

export type NewsletterDeps = GuardDeps & {
  store: Store;
  challenges: Challenges;
  log: Log;
  /** The sign-up box's wording from the build, kept with the sign-up as proof of consent. */
  wording: string | null;
  now: () => number;
  /** Wakes the outbox worker: a confirmation email may have been queued. */
  onConfirmationQueued: () => void;
};

function emailOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('email' in body)) return '';
  return typeof body.email === 'string' ? body.email : '';
}

/**
 * Same answer for a new, a pending and a confirmed address, so the form does not reveal who
 * subscribed. The address is stored as pending until its owner follows the emailed link. A
 * sign-up judged spam gets the same answer again: it is kept as held, for the studio to
 * recover, and nothing is sent to its address.
 */
export function createNewsletterHandler(
  deps: NewsletterDeps,
): (c: Context<AppEnv>) => Promise<Response> {
  const { respond, store, forms } = deps;
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const parsed = NewsletterSignupSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      if (guarded.kind === 'form') {
        const error = fieldErrors.email ?? 'invalid';
        return forms.page(422, { kind: 'newsletter', email: emailOf(guarded.body), error });
      }
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    const verdict = judgeSubmission({
      challenge: await deps.challenges.check(parsed.data.altcha),
      minFillMs: MIN_FILL_MS.newsletter,
      now: deps.now(),
    });
    const request = { wording: deps.wording, now: new Date(deps.now()) };
    if (verdict.isSpam) {
      await store.holdSubscription(parsed.data.email, request);
      deps.log('info', 'newsletter sign-up held', { reasons: verdict.reasons.join(',') });
    } else {
      await store.subscribe(parsed.data.email, request);
      deps.onConfirmationQueued();
    }
    if (guarded.kind === 'form') return forms.seeOther(SENT_PAGES.newsletter);
    return respond(200, { success: true });
  };
}
