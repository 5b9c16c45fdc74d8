import type { HeaderRecord } from '../security-headers';
import type { Store } from '../store/store';

export type HealthHandlers = { live: () => Response; ready: () => Promise<Response> };

export function createHealthHandlers(store: Store, securityHeaders: HeaderRecord): HealthHandlers {
  const headers: HeaderRecord = {
    ...securityHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  };
  const unavailable: HeaderRecord = { ...headers, 'retry-after': '10' };
  return {
    live: () => new Response('ok\n', { status: 200, headers }),
    ready: async () => {
      try {
        await store.ping();
        return new Response('ready\n', { status: 200, headers });
      } catch {
        return new Response('store unavailable\n', { status: 503, headers: unavailable });
      }
    },
  };
}
