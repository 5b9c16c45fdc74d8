import { Hono, type Context } from 'hono';
import type { SubscriberItem } from '../../../common/studio-inbox';
import { subscribersToCsv, toJson, toSubscriberRows } from '../../cli/format';
import type { AppEnv } from '../../http/app-env';
import type { HeaderRecord } from '../../security-headers';
import type { InboxRepository, SubscriberRecord, SubscriberRepository } from '../../store/store';
import type { StudioResponder } from '../studio-responses';
import { attachment } from './attachment';
import { EXPORT_CONTENT_TYPES, exportFileName } from './enquiry-export';
import { isWellFormedId } from './inbox-cursor';
import { readFormatQuery } from './list-query';

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

function toSubscriberItem(record: SubscriberRecord): SubscriberItem {
  return {
    id: record.id,
    email: record.email,
    createdAt: record.createdAt.toISOString(),
    status: record.status,
  };
}

/**
 * Newsletter subscribers: listed newest first, exported (CSV like the CLI's, or JSON), removed,
 * and a held sign-up (judged spam) sent its confirmation email. The studio never confirms for
 * anyone: only the owner's click on that email does.
 */
export function createSubscriberRoutes<E extends AppEnv = AppEnv>(
  deps: SubscriberDeps<E>,
): Hono<E> {
  const { inbox, respond } = deps;
  const router = new Hono<E>();

  router.get('/subscribers', async (c) => {
    if (new URL(c.req.url).search !== '') return respond.error(400, 'invalid_request');
    const records = await inbox.listSubscriberRecords();
    return respond.json(200, { items: records.map(toSubscriberItem) });
  });

  router.get('/subscribers/export', async (c) => {
    const format = readFormatQuery(c.req.url);
    if (!format.ok) return respond.error(400, 'invalid_request');
    const records = await inbox.listSubscriberRecords();
    const body =
      format.value === 'csv'
        ? subscribersToCsv(toSubscriberRows(records))
        : toJson(records.map(toSubscriberItem));
    const file = {
      contentType: EXPORT_CONTENT_TYPES[format.value],
      fileName: exportFileName('subscribers', format.value, deps.now()),
    };
    return attachment(body, file, deps.securityHeaders);
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
