import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { NewsletterSignupSchema } from '../../common/newsletter';
import type { AppEnv } from '../http/app-env';
import type { Store } from '../store/store';
import { guardApiRequest, type GuardDeps } from './api-guard';

export type NewsletterDeps = GuardDeps & {
  store: Store;
  /** The sign-up box's wording from the build, kept with the sign-up as proof of consent. */
  wording: string | null;
  now: () => number;
  /** Wakes the outbox worker: a confirmation email may have been queued. */
  onConfirmationQueued: () => void;
};

/**
 * Same answer for a new, a pending and a confirmed address, so the form does not reveal who
 * subscribed. The address is stored as pending until its owner follows the emailed link.
 */
export function createNewsletterHandler(
  deps: NewsletterDeps,
): (c: Context<AppEnv>) => Promise<Response> {
  const { respond, store } = deps;
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const parsed = NewsletterSignupSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    await store.subscribe(parsed.data.email, {
      wording: deps.wording,
      now: new Date(deps.now()),
    });
    deps.onConfirmationQueued();
    return respond(200, { success: true });
  };
}
