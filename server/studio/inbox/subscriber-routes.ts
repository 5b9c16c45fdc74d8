import { Hono, type Context } from 'hono';
import type { SubscriberItem, SubscriberPage } from '../../../common/studio-inbox';
import { toByteStream, toExportChunks } from '../../export/export-chunks';
import { SUBSCRIBER_EXPORT_SHAPE } from '../../export/subscriber-export';
import type { AppEnv } from '../../http/app-env';
import { openSubscriberPages } from '../../newsletter/subscriber-pages';
import type { HeaderRecord } from '../../security-headers';
import type { InboxRepository } from '../../store/inbox/inbox-types';
import type { Subscriber, SubscriberRepository } from '../../store/subscribers/subscriber-types';
import type { StudioResponder } from '../studio-responses';
import { attachment } from './attachment';
import { EXPORT_CONTENT_TYPES, exportFileName } from './enquiry-export';
import { isWellFormedId, toPage } from './inbox-cursor';
import { readFormatQuery, readPageQuery } from './list-query';

export type SubscriberDeps<E extends AppEnv = AppEnv> = {
  inbox: InboxRepository & Pick<SubscriberRepository, 'sendHeldConfirmation'>;
  respond: StudioResponder;
  securityHeaders: HeaderRecord;
  now: () => number;
  /** Wakes the outbox worker after a confirmation email was queued, so it goes out now. */
  nudgeOutbox: () => void;
  /** Writes one audit log line for this request, with the signed-in staff member. */
  audit: (c: Context<E>, event: string, detail: string) => Promise<void>;
};

function toSubscriberItem(record: Subscriber): SubscriberItem {
  return {
    id: record.id,
    email: record.email,
    createdAt: record.createdAt.toISOString(),
    status: record.undeliverable ?? record.status,
  };
}

/**
 * Newsletter subscribers: listed newest first a page at a time, exported (CSV like the CLI's,
 * or JSON) a page at a time, removed, and a held sign-up (judged spam) sent its confirmation
 * email. Anyone can add a held sign-up, so nothing here reads the whole list at once. The
 * studio never confirms for anyone: only the owner's click on that email does.
 */
export function createSubscriberRoutes<E extends AppEnv = AppEnv>(
  deps: SubscriberDeps<E>,
): Hono<E> {
  const { inbox, respond } = deps;
  const router = new Hono<E>();

  router.get('/subscribers', async (c) => {
    const query = readPageQuery(c.req.url);
    if (!query.ok) return respond.error(400, 'invalid_request');
    const { after, limit } = query.value;
    // One row more than the page tells whether there is a next page (toPage).
    const [rows, counts] = await Promise.all([
      inbox.listSubscriberPage({
        after: after === null ? null : { createdAt: after.receivedAt, id: after.id },
        limit: limit + 1,
        order: 'newest',
      }),
      inbox.countSubscribers(),
    ]);
    const { items, nextCursor } = toPage(rows, limit, (last) => ({
      receivedAt: last.createdAt,
      id: last.id,
    }));
    const page: SubscriberPage = { items: items.map(toSubscriberItem), nextCursor, counts };
    return respond.json(200, page);
  });

  router.get('/subscribers/export', async (c) => {
    const format = readFormatQuery(c.req.url);
    if (!format.ok) return respond.error(400, 'invalid_request');
    const pages = await openSubscriberPages(inbox, { order: 'newest' });
    const shape = { ...SUBSCRIBER_EXPORT_SHAPE, json: toSubscriberItem };
    const file = {
      contentType: EXPORT_CONTENT_TYPES[format.value],
      fileName: exportFileName('subscribers', format.value, deps.now()),
    };
    return attachment(
      toByteStream(toExportChunks(pages, format.value, shape)),
      file,
      deps.securityHeaders,
    );
  });

  router.post('/subscribers/:id/confirmation', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const outcome = await inbox.sendHeldConfirmation(id, new Date(deps.now()));
    if (outcome === 'not-found') return respond.error(404, 'not_found');
    if (outcome === 'not-held') return respond.error(409, 'not_held');
    if (outcome === 'recently-emailed') return respond.error(409, 'recently_emailed');
    await deps.audit(c, 'subscriber_confirmation_sent', id);
    deps.nudgeOutbox();
    return respond.json(202, { success: true });
  });

  router.delete('/subscribers/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    return (await inbox.removeSubscriber(id)) ? respond.empty() : respond.error(404, 'not_found');
  });

  return router;
}
