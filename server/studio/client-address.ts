import { getConnInfo } from '@hono/node-server/conninfo';
import { clientIp } from '../http/client-ip';
import type { StudioContext } from './studio-env';

/** The client's IP as the rate limits and the audit log see it. */
export function readClientAddress(c: StudioContext, trustProxy: number): string {
  const socket = getConnInfo(c).remote.address ?? 'unknown';
  return clientIp(socket, c.req.header('x-forwarded-for') ?? null, trustProxy);
}
