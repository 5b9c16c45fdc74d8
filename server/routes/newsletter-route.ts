import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { NewsletterSignupSchema } from '../../common/newsletter';
import type { AppEnv } from '../http/app-env';
import type { Store } from '../store/store';
import { guardApiRequest, type GuardDeps } from './api-guard';

export type NewsletterDeps = GuardDeps & { store: Store };

/** Same answer for a new and an existing address, so the form does not reveal who subscribed. */
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
    await store.subscribe(parsed.data.email);
    return respond(200, { success: true });
  };
}
