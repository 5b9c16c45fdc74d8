import type { Hono } from 'hono';
import type { HeaderRecord } from '../../security-headers';
import type { LeadRepository } from '../../store/leads/lead-repository';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { STUDIO_HEADERS } from '../studio-responses';

const BASE = '/mailbox/unreadable';

/**
 * GET mailbox/unreadable · GET mailbox/unreadable/:id/raw · DELETE mailbox/unreadable/:id:
 * mail the mailbox watch could not read, set aside with its raw copy, for staff to download
 * and read elsewhere, then dismiss.
 */
export function registerUnreadableMail(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  leads: Pick<LeadRepository, 'listUnreadable' | 'readUnreadableRaw' | 'dismissUnreadable'>,
  securityHeaders: HeaderRecord,
): void {
  const { respond } = kit;

  app.get(BASE, async () => respond.json(200, { items: await leads.listUnreadable() }));

  app.get(`${BASE}/:id/raw`, async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const raw = await leads.readUnreadableRaw(id);
    if (raw === null) return respond.error(404, 'not_found');
    return new Response(new Uint8Array(raw), {
      status: 200,
      headers: {
        ...securityHeaders,
        ...STUDIO_HEADERS,
        // A download, never shown: what the message holds is unknown, and may be hostile.
        'content-type': 'message/rfc822',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="message-${id}.eml"`,
      },
    });
  });

  app.delete(`${BASE}/:id`, async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    if (!(await leads.dismissUnreadable(id))) return respond.error(404, 'not_found');
    await kit.audit(c, 'mailbox.unreadable.dismiss', requireStaff(c).email, id);
    return respond.empty();
  });
}
