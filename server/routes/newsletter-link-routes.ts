import type { Context } from 'hono';
import type { AttributeVisit } from '../audience/attribute-visit';
import type { Config } from '../config';
import type { ClientAddressReader } from '../http/client-address';
import type { AppEnv } from '../http/app-env';
import { readLetterUnsubscribeToken } from '../letters/letter-unsubscribe-token';
import type { HeaderRecord } from '../security-headers';
import type { Site } from '../static/site';
import type { Store } from '../store/store';
import type { TokenState } from '../store/subscribers/subscriber-types';
import { isSameSite } from './api-guard';
import { isOneClick, readLinkForm } from './read-link-form';

type Handler = (c: Context<AppEnv>) => Promise<Response>;

export type NewsletterLinkDeps = {
  config: Config;
  site: Site;
  store: Store;
  /** Finds the visit a confirming subscriber came from today. */
  attributeSubscriber: AttributeVisit;
  clientAddress: ClientAddressReader;
  /** Checks the unsubscribe links of letters, which are signed rather than stored. */
  letterLinkKey: Buffer;
  now: () => number;
};

/** A spent, expired or mistyped link is the visitor's mistake, never the server's: 4xx. */
const STATUS_OF: Record<Exclude<TokenState, 'valid'>, number> = { unknown: 404, expired: 410 };

/**
 * The pages behind the links in newsletter emails. GET only shows a page with a button (mail
 * scanners follow links); the button's POST acts. The unsubscribe POST is also RFC 8058's
 * one-click request, which mail providers send from their servers without an Origin header:
 * it passes like any request without one, while a browser's cross-site Origin is refused.
 */
export function createNewsletterLinkHandlers(deps: NewsletterLinkDeps): {
  showConfirm: Handler;
  confirm: Handler;
  showUnsubscribe: Handler;
  unsubscribe: Handler;
  refuseMethod: Handler;
} {
  const { config, site, store } = deps;
  const headers: HeaderRecord = {
    ...site.securityHeaders,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The token is in the address: never send it on to another site. Not `no-referrer`: under
    // it a browser sends `Origin: null` with the page's own button, which the check refuses.
    'referrer-policy': 'same-origin',
  };
  const now = (): Date => new Date(deps.now());

  function page(name: string, status: number): Response {
    const html = site.pages.get(`newsletter/${name}`);
    if (html === undefined) throw new Error(`The build has no newsletter/${name} page.`);
    return new Response(html, { status, headers });
  }

  /** The one `token` in the address; none, or more than one, is no link this site sent. */
  function tokenOf(c: Context<AppEnv>): string | null {
    const tokens = new URL(c.req.url).searchParams.getAll('token');
    return tokens.length === 1 ? (tokens[0] ?? null) : null;
  }

  function answer(state: TokenState, done: string): Response {
    return state === 'valid' ? page(done, 200) : page('invalid-link', STATUS_OF[state]);
  }

  /** A body left unread (too large, or of another kind): the connection is not reused. */
  function refuseBody(): Response {
    const refused = page('invalid-link', 400);
    refused.headers.set('connection', 'close');
    return refused;
  }

  function refuseCrossSite(c: Context<AppEnv>): Response | null {
    return isSameSite(c.req.raw, config.siteOrigin) ? null : page('refused', 403);
  }

  return {
    async showConfirm(c) {
      const token = tokenOf(c);
      if (token === null) return page('invalid-link', 400);
      return answer(await store.checkConfirmToken(token, now()), 'confirm');
    },
    async confirm(c) {
      const refused = refuseCrossSite(c);
      if (refused !== null) return refused;
      const token = tokenOf(c);
      if (token === null) return page('invalid-link', 400);
      if ((await readLinkForm(c.req.raw)) === null) return refuseBody();
      const { state, confirmedId } = await store.confirmSubscription(token, now());
      if (confirmedId !== null) {
        await deps.attributeSubscriber(confirmedId, {
          address: deps.clientAddress(c),
          userAgent: c.req.header('user-agent'),
          isPrivate: c.req.header('sec-gpc') === '1',
        });
      }
      return answer(state, 'confirmed');
    },
    async showUnsubscribe(c) {
      const token = tokenOf(c);
      if (token === null) return page('invalid-link', 400);
      const subscriberId = readLetterUnsubscribeToken(deps.letterLinkKey, token);
      const state =
        subscriberId === null
          ? await store.checkUnsubscribeToken(token)
          : await store.checkSubscriber(subscriberId);
      return answer(state, 'unsubscribe');
    },
    async unsubscribe(c) {
      const refused = refuseCrossSite(c);
      if (refused !== null) return refused;
      const token = tokenOf(c);
      if (token === null) return page('invalid-link', 400);
      if (!isOneClick(await readLinkForm(c.req.raw))) return refuseBody();
      const subscriberId = readLetterUnsubscribeToken(deps.letterLinkKey, token);
      const state =
        subscriberId === null
          ? await store.unsubscribe(token, now())
          : await store.unsubscribeSubscriber(subscriberId, now());
      return answer(state, 'unsubscribed');
    },
    refuseMethod() {
      const refused = page('invalid-link', 405);
      refused.headers.set('allow', 'GET, HEAD, POST');
      return Promise.resolve(refused);
    },
  };
}
