import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContactMessage } from '../../../common/contact';
import { createStudioFormat } from '../../../common/studio-format';
import type { AppEnv } from '../../../server/http/app-env';
import { startHttpServer } from '../../../server/http/start-http-server';
import { createMailTransport } from '../../../server/mail/create-transport';
import { startOutboxWorker } from '../../../server/mail/outbox-worker';
import { createRetrySchedule } from '../../../server/mail/retry-schedule';
import type { Store } from '../../../server/store/store';
import { createReplyThreads } from '../../../server/mail/reply-threads';
import { createInboxRoutes } from '../../../server/studio/inbox/inbox-routes';
import { registerLeadAddresses } from '../../../server/studio/leads/lead-addresses';
import { registerPeopleRoutes } from '../../../server/studio/people/people-routes';
import { createLeadRoutes } from '../../../server/studio/leads/lead-routes';
import type { ReplySender } from '../../../server/studio/leads/reply-sender';
import { TEST_CHALLENGE_SECRET } from '../../support/challenge-solver';
import { createMailHealthReader } from '../../../server/studio/inbox/mail-health';
import { createSubscriberRoutes } from '../../../server/studio/inbox/subscriber-routes';
import { createStudioResponder } from '../../../server/studio/studio-responses';
import type { SmtpAnswer } from '../../support/local-smtp-server';
import { readWallClock } from '../../../server/leads/studio-clock';
import { readTestDatabaseUrl } from './backends';
import { startMailServer } from './mail-server';
import { createPostgresFixture, createSqliteFixture, type StoreFixture } from './store-fixtures';

export const STUDIO_API = '/api/studio';

export type StoreBackend = { name: string; createFixture: () => Promise<StoreFixture> };
const BODY_LIMIT_BYTES = 32_768;
const SECURITY_HEADERS = { 'x-content-type-options': 'nosniff' };
const MAIL_FROM = 'Ember & Ink website <website@emberandink.example>';
/** The staff member every request of this app is made as. */
export const STAFF_EMAIL = 'test@emberandink.example';
export const REPLY_ADDRESS = 'reply@emberandink.example';
/** The studio's own address, which replies come from. */
export const REPLY_FROM = 'hello@emberandink.example';
export const STUDIO_TIME_ZONE = 'Europe/London';
/** The names and signatures the staff's replies carry. */
export const STAFF_SENDERS: ReadonlyMap<string, ReplySender> = new Map([
  [STAFF_EMAIL, { name: 'Sam Rivera', signature: 'Sam Rivera\nEmber & Ink, Bristol' }],
]);

const postgresUrl = readTestDatabaseUrl();

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const INBOX_BACKENDS: StoreBackend[] = [
  { name: 'SQLite', createFixture: createSqliteFixture },
  ...(postgresUrl === undefined
    ? []
    : [{ name: 'PostgreSQL', createFixture: () => createPostgresFixture(postgresUrl) }]),
];

export type InboxApp = {
  url: string;
  store: Store;
  mail: Awaited<ReturnType<typeof startMailServer>>;
  /** How the SMTP server answers the next messages. */
  setMailAnswer(answer: SmtpAnswer): void;
  /** Moves the app's clock (not the store's) this far ahead of the real one. */
  advanceClock(ms: number): void;
  /** A same-origin request to /api/studio/<path>. */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** Stores an enquiry the way the contact form does; returns its id. */
  receive(message?: Partial<ContactMessage>, options?: { isSpam?: boolean }): Promise<string>;
  close(): Promise<void>;
};

let received = 0;

/**
 * The inbox's routers on a real HTTP server over a real store, with the outbox worker
 * sending through a real SMTP server whose answers a test can choose.
 */
export async function startInboxApp(
  backend: StoreBackend,
  options: {
    /** REPLY_ADDRESS; null: no mailbox, answers go to REPLY_FROM. */
    replyAddress?: string | null;
    /** The names and signatures of the staff's replies; STAFF_SENDERS unless told. */
    senders?: ReadonlyMap<string, ReplySender>;
  } = {},
): Promise<InboxApp> {
  const fixture: StoreFixture = await backend.createFixture();
  const store = await fixture.open();
  let mailAnswer: SmtpAnswer = 'accept';
  const mail = await startMailServer({ reply: () => mailAnswer });
  const quiet = { info: () => undefined, error: () => undefined };
  const transport = createMailTransport({ smtpUrl: mail.url, dataDir: '/nonexistent', log: quiet });
  const replyThreads = createReplyThreads({
    secret: TEST_CHALLENGE_SECRET,
    replyAddress: options.replyAddress === undefined ? REPLY_ADDRESS : options.replyAddress,
  });
  const worker = startOutboxWorker({
    store,
    transport,
    schedule: createRetrySchedule({ baseDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 3 }),
    siteOrigin: 'https://emberandink.example',
    addresses: { to: 'hello@emberandink.example', from: MAIL_FROM },
    replyFrom: REPLY_FROM,
    replyAddressFor: replyThreads.replyAddressFor,
    pollIntervalMs: 200,
    log: quiet,
  });
  let offset = 0;
  const now = (): number => Date.now() + offset;
  const respond = createStudioResponder(SECURITY_HEADERS);
  const shared = { inbox: store, respond, securityHeaders: SECURITY_HEADERS, now };
  const app = new Hono<AppEnv>();
  const readMailHealth = createMailHealthReader(store, now);
  app.get(`${STUDIO_API}/me`, async () =>
    respond.json(200, {
      staff: { email: 'test@emberandink.example', name: 'Test', role: 'owner', signature: '' },
      mail: await readMailHealth(),
    }),
  );
  const leadRoutes = createLeadRoutes<AppEnv>({
    ...shared,
    leads: store.leads,
    replyThreads,
    mailFrom: MAIL_FROM,
    replyFrom: REPLY_FROM,
    readSender: (email) =>
      Promise.resolve(
        (options.senders ?? STAFF_SENDERS).get(email) ?? { name: email, signature: '' },
      ),
    readLocale: async () => (await store.settings.readSettings()).locale,
    timeZone: STUDIO_TIME_ZONE,
    isStaff: (email) => Promise.resolve(email.endsWith('@emberandink.example')),
    staffEmail: () => STAFF_EMAIL,
    audit: (_c, event, detail) =>
      store.auth.recordAudit({ at: new Date(now()), event, email: STAFF_EMAIL, ip: null, detail }),
    nudgeOutbox: () => worker.nudge(),
    bodyLimitBytes: BODY_LIMIT_BYTES,
  });
  // As the studio mounts them (studio-app.ts): the older addresses and `/leads/waiting` first.
  const studio = new Hono<AppEnv>();
  registerLeadAddresses(studio, store, respond);
  registerPeopleRoutes(studio, store.people, respond);
  studio.route('/', leadRoutes.router);
  studio.route(
    '/',
    createInboxRoutes({
      ...shared,
      nudgeOutbox: () => worker.nudge(),
      attributions: store.audience,
      bodyLimitBytes: BODY_LIMIT_BYTES,
      leads: store.leads,
      people: store.people,
      changeLead: leadRoutes.changeLead,
      canVerifySenders: true,
      bookings: store.bookings,
      timeZone: STUDIO_TIME_ZONE,
      readStudioFormat: async () => {
        const { locale, currency } = await store.settings.readSettings();
        return createStudioFormat({ locale, currency, timeZone: STUDIO_TIME_ZONE });
      },
      listContext: () => ({ me: STAFF_EMAIL, today: readWallClock(new Date(now()), 'UTC').day }),
    }),
  );
  studio.route(
    '/',
    createSubscriberRoutes({
      ...shared,
      nudgeOutbox: () => worker.nudge(),
      audit: (_c, event, detail) =>
        store.auth.recordAudit({
          at: new Date(now()),
          event,
          email: 'test@emberandink.example',
          ip: null,
          detail,
        }),
    }),
  );
  app.route(STUDIO_API, studio);
  const answer = getRequestListener(app.fetch);
  const server = await startHttpServer({
    listener: (request, response) => void answer(request, response),
    port: 0,
    host: '127.0.0.1',
  });

  return {
    url: server.url,
    store,
    mail,
    setMailAnswer: (next) => {
      mailAnswer = next;
    },
    advanceClock: (ms) => {
      offset += ms;
    },
    call: (path, init = {}) =>
      fetch(`${server.url}${STUDIO_API}/${path}`, {
        ...init,
        headers: { origin: server.url, ...(init.headers as Record<string, string> | undefined) },
      }),
    async receive(message = {}, options = {}) {
      received += 1;
      const result = await store.saveEnquiry({
        message: {
          name: 'Ann Lee',
          email: `ann.lee+${received}@example.com`,
          service: 'Brand Strategy',
          message: 'We would like a new brand for our bakery.',
          ...message,
        },
        isSpam: options.isSpam ?? false,
        clientIp: '203.0.113.7',
        userAgent: 'Test Browser',
        idempotency: null,
        sender: { address: REPLY_FROM, messageDomain: 'emberandink.example' },
      });
      if (result.kind !== 'created') throw new Error(`Expected a new enquiry, got ${result.kind}`);
      if (options.isSpam !== true) worker.nudge();
      return result.id;
    },
    async close() {
      await server.close(1_000);
      await worker.stop();
      transport.close();
      await mail.close();
      await fixture.dispose();
    },
  };
}
