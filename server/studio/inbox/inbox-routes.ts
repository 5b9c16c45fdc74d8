import type { BookingRepository } from '../../store/bookings/booking-repository-types';
import { Hono, type Context } from 'hono';
import type { EnquiryPage } from '../../../common/studio-inbox';
import type { StudioFormat } from '../../../common/studio-format';
import type { AppEnv } from '../../http/app-env';
import type { HeaderRecord } from '../../security-headers';
import type { AudienceRepository } from '../../store/audience/audience-repository';
import type { LeadRepository } from '../../store/leads/lead-repository';
import type { PeopleRepository } from '../../store/people/people-repository';
import type { InboxRepository } from '../../store/inbox/inbox-types';
import { EnquiryChangeSchema, type LeadFieldsChange } from '../leads/lead-change';
import type { ListContext } from '../leads/lead-query';
import { readStudioBody } from '../read-studio-body';
import type { StudioResponder } from '../studio-responses';
import { attachment } from './attachment';
import { toEnquiryDetailJson, toEnquiryJson } from './enquiry-json';
import { EXPORT_CONTENT_TYPES, exportFileName, streamEnquiryExport } from './enquiry-export';
import { isWellFormedId, toPage } from './inbox-cursor';
import { readExportQuery, readListQuery } from './list-query';

export type InboxDeps<E extends AppEnv = AppEnv> = {
  inbox: InboxRepository;
  /** Where an enquiry came from, shown with it. */
  attributions: Pick<AudienceRepository, 'readAttribution' | 'readAttributions'>;
  respond: StudioResponder;
  securityHeaders: HeaderRecord;
  /** Wakes the outbox worker after an email was queued, so it goes out now. */
  nudgeOutbox: () => void;
  now: () => number;
  bodyLimitBytes: number;
  /**
   * Each enquiry as a lead: its summary in lists, its fields, notes and thread when opened and
   * in the export.
   */
  leads: Pick<LeadRepository, 'summarizeLeads' | 'openLead' | 'readLeads' | 'listEarlierWork'>;
  /** The lead half of PATCH /enquiries/:id (stage, owner, follow-up, value). */
  changeLead: (c: Context<E>, id: string, change: LeadFieldsChange) => Promise<Response>;
  /** IMAP_AUTHSERV_ID is set, so an answer's sender can be verified (the thread says if not). */
  canVerifySenders: boolean;
  /** Who each lead is with. */
  people: Pick<PeopleRepository, 'personOfLead'>;
  /** The call a lead booked through the site, shown with it. */
  bookings: Pick<BookingRepository, 'listCallsOfLead' | 'readBookingsOfEnquiries'>;
  /** STUDIO_TIME_ZONE: the export gives each call's times in it beside UTC. */
  timeZone: string;
  /** How the studio writes a moment (its settings' locale, its zone): the export's thread does too. */
  readStudioFormat: () => Promise<StudioFormat>;
  /** The caller (`owner=me`) and the studio's today (`view=due`). */
  listContext: (c: Context<E>) => ListContext;
};

/**
 * The inbox's enquiries: the list, one enquiry, its status, its email, the export. The studio
 * app mounts it behind its session guard (with its own environment as `E`), so no route here
 * is reachable without a session.
 */
export function createInboxRoutes<E extends AppEnv = AppEnv>(deps: InboxDeps<E>): Hono<E> {
  const { inbox, respond } = deps;
  const router = new Hono<E>();

  router.get('/leads', async (c) => {
    const query = readListQuery(c.req.url, deps.listContext(c));
    if (!query.ok) return respond.error(400, 'invalid_request');
    const { filter, after, limit } = query.value;
    // One row more than the page tells whether there is a next page (toPage).
    const [rows, counts] = await Promise.all([
      inbox.listInbox(filter, after, limit + 1),
      inbox.countInbox(),
    ]);
    const { items, nextCursor } = toPage(rows, limit, (last) => ({
      receivedAt: last.receivedAt,
      id: last.id,
    }));
    const summaries = await deps.leads.summarizeLeads(items.map((item) => item.id));
    const page: EnquiryPage = {
      items: items.map((item) => ({ ...toEnquiryJson(item), lead: summaries.get(item.id) })),
      nextCursor,
      counts,
    };
    return respond.json(200, page);
  });

  router.get('/leads/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const [enquiry, attribution, calls, earlier, person] = await Promise.all([
      inbox.openEnquiry(id),
      deps.attributions.readAttribution(id),
      deps.bookings.listCallsOfLead(id),
      deps.leads.listEarlierWork(id),
      deps.people.personOfLead(id),
    ]);
    const lead = enquiry === null ? null : await deps.leads.openLead(id);
    if (enquiry === null || lead === null) return respond.error(404, 'not_found');
    const detail = toEnquiryDetailJson(enquiry, lead, attribution, deps.canVerifySenders, {
      calls,
      earlier,
      person,
    });
    return respond.json(200, detail);
  });

  router.patch('/leads/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const body = await readStudioBody(c.req.raw, EnquiryChangeSchema, {
      limit: deps.bodyLimitBytes,
      respond,
    });
    if (!body.ok) return body.response;
    if (!('status' in body.value)) return deps.changeLead(c, id, body.value);
    const changed = await inbox.setInboxStatus(id, body.value.status);
    if (changed === null) return respond.error(404, 'not_found');
    if (changed.isEmailQueued) deps.nudgeOutbox();
    return respond.json(200, toEnquiryJson(changed.enquiry));
  });

  router.post('/leads/:id/resend', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const outcome = await inbox.resendEmail(id);
    if (outcome === 'not-found') return respond.error(404, 'not_found');
    if (outcome === 'not-resendable') return respond.error(409, 'not_resendable');
    deps.nudgeOutbox();
    return respond.json(202, { success: true });
  });

  router.get('/export', async (c) => {
    const query = readExportQuery(c.req.url, deps.listContext(c));
    if (!query.ok) return respond.error(400, 'invalid_request');
    const { filter, format } = query.value;
    const body = await streamEnquiryExport(
      { inbox, leads: deps.leads, audience: deps.attributions, bookings: deps.bookings },
      filter,
      format,
      deps.timeZone,
      await deps.readStudioFormat(),
    );
    const file = {
      contentType: EXPORT_CONTENT_TYPES[format],
      fileName: exportFileName('enquiries', format, deps.now()),
    };
    return attachment(body, file, deps.securityHeaders);
  });

  return router;
}
