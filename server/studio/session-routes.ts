import type { Hono } from 'hono';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** GET sessions · DELETE sessions/:id: a person sees their own sessions and ends any of them. */
export function registerSessionList(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.get('/sessions', async (c) => {
    const signedIn = requireStaff(c);
    const sessions = await kit.auth.listSessions(signedIn.staffId);
    return kit.respond.json(200, {
      items: sessions.map((session) => ({
        id: session.id,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        userAgent: session.userAgent,
        isCurrent: session.id === signedIn.sessionId,
      })),
    });
  });

  app.delete('/sessions/:id', async (c) => {
    const signedIn = requireStaff(c);
    const id = c.req.param('id');
    if (!isUuid(id)) return kit.respond.error(400, 'invalid_request');
    if (!(await kit.auth.deleteSession(signedIn.staffId, id))) {
      return kit.respond.error(404, 'not_found');
    }
    await kit.audit(c, 'session_ended', signedIn.email, id);
    return id === signedIn.sessionId
      ? kit.respond.empty({ 'set-cookie': kit.clearCookie })
      : kit.respond.empty();
  });
}
