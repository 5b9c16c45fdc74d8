import type { Context, MiddlewareHandler } from 'hono';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import type { AppEnv } from '../http/app-env';
import type { HeaderRecord } from '../security-headers';
import { createBearerCheck } from './bearer-token';
import type { SiteMetrics } from './site-metrics';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics for the holder of the token. Anyone else gets `answerUnknown`, the answer of any
 * path the site does not have, so the endpoint's existence is not advertised.
 */
export function createMetricsHandler(options: {
  metrics: SiteMetrics;
  token: string;
  securityHeaders: HeaderRecord;
  answerUnknown: (c: Context<AppEnv>) => Response;
}): (c: Context<AppEnv>) => Promise<Response> {
  const { metrics } = options;
  const isAuthorised = createBearerCheck(options.token);
  return async (c) => {
    if (!isAuthorised(c.req.header('authorization'))) return options.answerUnknown(c);
    const body = await metrics.render();
    return new Response(body, {
      status: 200,
      headers: {
        ...options.securityHeaders,
        'content-type': metrics.contentType,
        'cache-control': 'no-store',
      },
    });
  };
}

/**
 * Counts the API's refusals that an operator watches: enquiries refused (by status code) and
 * form posts rate-limited (by endpoint). Accepted enquiries are counted by the store, which knows
 * whether they were spam.
 */
export function countApiRefusals(metrics: SiteMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const { status } = c.res;
    if (status === 429) metrics.countRateLimited(c.req.path);
    if (c.req.path === CONTACT_ENDPOINT && status >= 400) {
      metrics.countRejectedEnquiry(String(status));
    }
  };
}
