import { Hono } from 'hono';
import type { SubscriberItem } from '../../../common/studio-inbox';
import { subscribersToCsv, toJson, toSubscriberRows } from '../../cli/format';
import type { AppEnv } from '../../http/app-env';
import type { HeaderRecord } from '../../security-headers';
import type { InboxRepository, SubscriberRecord } from '../../store/store';
import type { StudioResponder } from '../studio-responses';
import { attachment } from './attachment';
import { EXPORT_CONTENT_TYPES, exportFileName } from './enquiry-export';
import { isWellFormedId } from './inbox-cursor';
import { readFormatQuery } from './list-query';

export type SubscriberDeps = {
  inbox: InboxRepository;
  respond: StudioResponder;
  securityHeaders: HeaderRecord;
  now: () => number;
  /** For the unsubscribe link on each exported row. */
  siteOrigin: string;
};

function toSubscriberItem(record: SubscriberRecord): SubscriberItem {
  return { id: record.id, email: record.email, createdAt: record.createdAt.toISOString() };
}

/** Newsletter subscribers: listed newest first, exported (CSV like the CLI's, or JSON), removed. */
export function createSubscriberRoutes<E extends AppEnv = AppEnv>(deps: SubscriberDeps): Hono<E> {
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
        ? subscribersToCsv(toSubscriberRows(records, deps.siteOrigin))
        : toJson(records.map(toSubscriberItem));
    const file = {
      contentType: EXPORT_CONTENT_TYPES[format.value],
      fileName: exportFileName('subscribers', format.value, deps.now()),
    };
    return attachment(body, file, deps.securityHeaders);
  });

  router.delete('/subscribers/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    return (await inbox.removeSubscriber(id)) ? respond.empty() : respond.error(404, 'not_found');
  });

  return router;
}
