import type { Context, Hono, Next } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { InboxRepository } from '../../store/inbox/inbox-types';
import { isWellFormedId } from '../inbox/inbox-cursor';
import type { StudioResponder } from '../studio-responses';

/** The lead's address for what was asked at `/enquiries/<id>…` or `/leads/<id>…`. */
function leadAddress(c: Context, from: string, leadId: string | null): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf(from);
  const rest = url.pathname.slice(at + from.length).replace(/^\/[^/]+/, '');
  const id = leadId === null ? '' : `/${encodeURIComponent(leadId)}`;
  return `${url.pathname.slice(0, at)}/leads${id}${rest}${url.search}`;
}

/**
 * A permanent redirect that keeps the method and the body (308), so a note or a reply sent to
 * an older address is written on the lead, not refused.
 */
const redirect = (location: string) =>
  new Response(null, { status: 308, headers: { location, 'cache-control': 'no-store' } });

/**
 * Every address a lead has had answers with the lead (DESIGN.md, "The person and the lead"):
 * `/enquiries…` with the id of the lead's first enquiry or of one that joined it (a later
 * enquiry or a booked call of the same person) redirects to `/leads/<lead>…`, and so does
 * `/leads/<id>…` given a joined enquiry's id. So a link from an email already sent, from the
 * calendar event or from the Bookings screen opens the person's one lead, and a note or reply
 * written through it is written there. An id that is no enquiry's is left to the route (404).
 */
export function registerLeadAddresses<E extends AppEnv>(
  studio: Hono<E>,
  inbox: Pick<InboxRepository, 'leadIdOf'>,
  respond: StudioResponder,
): void {
  studio.all('/enquiries', (c) => redirect(leadAddress(c, '/enquiries', null)));
  const fromEnquiry = async (c: Context<E>) => {
    const id = c.req.param('id') ?? '';
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const leadId = await inbox.leadIdOf(id);
    if (leadId === null) return respond.error(404, 'not_found');
    return redirect(leadAddress(c, '/enquiries', leadId));
  };
  studio.all('/enquiries/:id', fromEnquiry);
  studio.all('/enquiries/:id/*', fromEnquiry);
  const toItsLead = async (c: Context<E>, next: Next) => {
    const id = c.req.param('id') ?? '';
    // `/leads/waiting` and malformed ids are the routes' to answer.
    if (!isWellFormedId(id)) return next();
    const leadId = await inbox.leadIdOf(id);
    if (leadId === null || leadId === id) return next();
    return redirect(leadAddress(c, '/leads', leadId));
  };
  studio.use('/leads/:id', toItsLead);
  studio.use('/leads/:id/*', toItsLead);
}
