import type { RequestListener } from 'node:http';
import type { SiteContent } from '../common/site-content';
import { createApp } from './app';
import { createCaldavCalendar } from './booking/calendar/caldav-calendar';
import { createCalendarHealth } from './booking/calendar/calendar-trouble';
import { connectionFor } from './booking/calendar/caldav-connection';
import { createCaldavWriter } from './booking/calendar/caldav-writer';
import { CALENDAR_RETRY_SCHEDULE, startCalendarSync } from './booking/calendar/calendar-sync';
import { AUDIENCE_OFF, createAudience } from './audience/audience';
import { startSaltPurge } from './audience/start-salt-purge';
import { createProxySettings } from './http/client-address';
import type { Config } from './config';
import { createPauseAt } from './fault-injection';
import { createAccessLog } from './http/access-log';
import { startHttpServer } from './http/start-http-server';
import type { Log } from './log';
import { countStoreOutcomes } from './metrics/counting-store';
import { createSiteMetrics } from './metrics/site-metrics';
import { createMailTransport } from './mail/create-transport';
import { startOutboxWorker } from './mail/outbox-worker';
import { createLetterMail } from './letters/letter-mail';
import { deriveLetterLinkKey } from './letters/letter-unsubscribe-token';
import {
  LETTER_RETRY_SCHEDULE,
  LETTER_SENDER_DEFAULTS,
  startLetterSender,
} from './letters/letter-sender';
import { createReplyThreads } from './mail/reply-threads';
import { senderDomain } from './mail/compose-enquiry-email';
import { startMorningDigest } from './leads/start-morning-digest';
import { startMailboxWatch } from './mailbox/start-mailbox-watch';
import {
  createRetrySchedule,
  DEFAULT_RETRY_SCHEDULE,
  type RetryScheduleOptions,
} from './mail/retry-schedule';
import { createAppPathTest, createRequestPipeline } from './pipeline';
import { createBeaconListener } from './routes/audience-beacon-listener';
import { createChallenges } from './spam/challenges';
import { resolveChallengeSecret } from './spam/challenge-secret';
import { deriveDeviceKey } from './studio/device-cookie';
import { createFormPageRenderer } from './forms/form-page-renderer';
import { startLimitSweep } from './limits/start-limit-sweep';
import { startBookingReminders } from './booking/start-booking-reminders';
import { startRetentionPurge } from './privacy/start-retention-purge';
import type { Site } from './static/site';
import { loadSiteRenderer } from './site/load-site-renderer';
import { createLiveSite, type LiveSite } from './site/live-site';
import type { LoadStudioRender } from './studio/studio-first-screen';
import type { RenderSite } from './site/render-site';
import { seedSiteContent } from './site/seed-site-content';
import { readSiteContentSeed } from './site/site-content-seed-file';
import { startScheduledPublishes } from './site/scheduled-publishes';
import { watchPublishedSite } from './site/watch-published-site';
import { openStore } from './store/open-store';
import type { Store } from './store/store';

/**
 * The pages' code read from the source through Vite instead of the build (`npm run dev`,
 * scripts/dev/dev-server.ts; decision 0120): nothing is read from or written to dist/.
 */
export type SourceFrontEnd = {
  /** The source's content seed, for a store that has no draft yet. */
  readSeed: () => Promise<SiteContent>;
  renderSite: RenderSite;
  loadStudioRender: LoadStudioRender;
  /** Stands in front of the request pipeline: renders `/` per request and serves Vite's modules. */
  frontDoor: (
    pipeline: RequestListener,
    server: { store: Store; isAppPath: (path: string) => boolean },
  ) => RequestListener;
};

export type Services = {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  port: number;
  store: Store;
  /** Where emails go: the SMTP server or the development mailbox. */
  mail: string;
  /**
   * Writes the views and samples counted so far, resolving once they are in the store; they are
   * otherwise written a moment after they arrive (decision 0048). Shutdown does the same.
   */
  flushAudience(): Promise<void>;
  /**
   * Stops taking requests (in-flight ones get `drainMs` to finish), then the scheduled
   * publishes, the publish watch, the mailbox watch, the calendar sync, the morning digest, the
   * limit sweep, the day salt purge, the retention purge, the outbox worker, the letter sender,
   * the mail transports and the store, in that order.
   */
  stop(drainMs: number): Promise<void>;
};

/**
 * Everything the site runs, wired once: store → mail transport → outbox worker → app → request
 * pipeline → HTTP listener. The server's entry point and the HTTP tests both start exactly this.
 */
export async function startServices(options: {
  config: Config;
  site: Site;
  log: Log;
  /** Receives each access log line (one JSON object, no newline). */
  writeAccessLine: (line: string) => void;
  /** The app's clock (expiry times, readiness, metrics); tests move it forward. */
  now?: () => number;
  /** Renders `/` from a content document; the build's renderer unless a test brings its own. */
  renderSite?: RenderSite;
  /** Under `npm run dev`, the source's pages instead of the build's. */
  fromSource?: SourceFrontEnd;
  /** How often an instance on PostgreSQL checks for a publish it was not told about. */
  reconcileIntervalMs?: number;
  /** How often the instance looks for a scheduled publish that is due. */
  scheduleIntervalMs?: number;
  /** How often bookings are written to the studio's calendar (CALDAV_URL), and when retried. */
  calendarSync?: { pollIntervalMs: number; retry: RetryScheduleOptions };
}): Promise<Services> {
  const { config, site, log, fromSource } = options;
  const now = options.now ?? Date.now;
  const mailLog = {
    info: (message: string) => log('info', message),
    error: (message: string) => log('error', message),
  };
  const secret = await resolveChallengeSecret({
    fromEnv: config.challengeSecret,
    dataDir: config.dataDir,
  });
  const openedStore = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl ?? undefined,
    log,
  });
  let renderSite: RenderSite;
  let liveSite: LiveSite;
  try {
    const readSeed = fromSource?.readSeed ?? (async () => readSiteContentSeed(config.distDir));
    await seedSiteContent({ site: openedStore.site, readSeed, log, now });
    // The one place the server's render of `/` is chosen.
    renderSite =
      options.renderSite ??
      fromSource?.renderSite ??
      (await loadSiteRenderer(config.distDir, config.siteOrigin, {
        isBookingOn: config.booking.isOn,
      }));
    liveSite = createLiveSite({
      site,
      distDir: fromSource === undefined ? config.distDir : null,
      renderSite,
      published: openedStore.site,
      log,
    });
    // The build's page is the seed's; an instance serves what the studio last published, or
    // keeps the page dist/client holds when that cannot be rendered (LiveSite says why).
    await liveSite.showPublished();
  } catch (error) {
    await openedStore.close();
    throw error;
  }
  const metrics = createSiteMetrics({
    readOutboxBacklog: () => openedStore.readOutboxBacklog(),
    now,
  });
  const store = countStoreOutcomes(openedStore, metrics);
  const challenges = createChallenges({ secret, spent: store });
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    allowPlainText: config.smtpInsecure,
    dataDir: config.dataDir,
    log: mailLog,
  });
  const replyThreads = createReplyThreads({ secret, replyAddress: config.leads.replyAddress });
  const worker = startOutboxWorker({
    store,
    transport,
    schedule: createRetrySchedule(DEFAULT_RETRY_SCHEDULE),
    addresses: { to: config.mailTo, from: config.mailFrom },
    siteOrigin: config.siteOrigin,
    timeZone: config.studio.timeZone,
    replyFrom: config.leads.replyFrom,
    replyAddressFor: replyThreads.replyAddressFor,
    leaseMs: config.outboxLeaseMs,
    log: mailLog,
    pauseAt: createPauseAt(config.faultInjection, log),
  });
  const letterCopies = {
    from: config.mailFrom,
    siteOrigin: config.siteOrigin,
    mailDomain: senderDomain(config.mailFrom),
    linkKey: deriveLetterLinkKey(secret),
  };
  // Its own transport, which keeps its connections open: letters go by the thousand.
  const letterTransport = createMailTransport({
    smtpUrl: config.smtpUrl,
    allowPlainText: config.smtpInsecure,
    dataDir: config.dataDir,
    maxConnections: LETTER_SENDER_DEFAULTS.batchSize,
    log: mailLog,
  });
  const letterSender = startLetterSender({
    letters: store.letters,
    transport: letterTransport,
    copies: letterCopies,
    rate: config.letterRate,
    retries: createRetrySchedule(LETTER_RETRY_SCHEDULE),
    leaseMs: config.outboxLeaseMs,
    log: mailLog,
  });
  const letterMail = createLetterMail({
    transport,
    copies: letterCopies,
    nudge: () => letterSender.nudge(),
  });
  const purge = startRetentionPurge({
    store,
    dataDir: config.dataDir,
    policy: { ...config.retention, audienceRawDays: config.audience.rawDays },
    log,
  });
  const sweep = startLimitSweep({ store, log, now });
  const reminders = startBookingReminders({
    bookings: store.bookings,
    onQueued: () => worker.nudge(),
    log,
    now,
  });
  // Even with AUDIENCE=off: a salt left from before is gone once its day has ended.
  const saltPurge = startSaltPurge({ audience: store.audience, log, now });
  const mailboxWatch =
    config.leads.imapUrl === null
      ? null
      : startMailboxWatch({
          url: config.leads.imapUrl,
          allowPlainText: config.leads.imapInsecure,
          leads: store.leads,
          letterReports: store.letterReports,
          keys: {
            messageDomain: senderDomain(config.mailFrom),
            tokenHashesIn: replyThreads.tokenHashesIn,
          },
          authservId: config.leads.authservId,
          log,
        });
  const digest = startMorningDigest({
    leads: store.leads,
    timeZone: config.studio.timeZone,
    log,
    nudgeOutbox: () => worker.nudge(),
  });
  // With SQLite there is one instance, and a publish swaps its page itself.
  const publishWatch =
    config.databaseUrl === null
      ? null
      : watchPublishedSite({
          databaseUrl: config.databaseUrl,
          check: () => liveSite.showPublished(),
          log,
          reconcileIntervalMs: options.reconcileIntervalMs,
        });
  const scheduled = startScheduledPublishes({
    schedules: store.site,
    renderSite,
    liveSite,
    log,
    now,
    intervalMs: options.scheduleIntervalMs,
  });
  const audience = config.audience.isOn
    ? createAudience({
        audience: store.audience,
        proxies: createProxySettings(config),
        ownHost: new URL(config.siteOrigin).hostname,
        servedRevision: () => liveSite.servedRevision(),
        meter: metrics.audience,
        log,
        now,
      })
    : AUDIENCE_OFF;
  // The studio's calendar: read live for busy times, and kept in step with every booking.
  const caldav = config.caldavUrl === null ? null : connectionFor(config.caldavUrl);
  const calendarHealth = createCalendarHealth(() => new Date(now()));
  const calendarSync =
    caldav === null
      ? null
      : startCalendarSync({
          copies: store.bookings,
          writer: createCaldavWriter({
            connection: caldav,
            siteOrigin: config.siteOrigin,
            readMeeting: async () => (await store.bookings.readAvailability()).meeting,
            health: calendarHealth,
          }),
          schedule: createRetrySchedule(options.calendarSync?.retry ?? CALENDAR_RETRY_SCHEDULE),
          log,
          pollIntervalMs: options.calendarSync?.pollIntervalMs,
          now: () => new Date(now()),
        });
  const busyCalendar =
    caldav === null
      ? undefined
      : createCaldavCalendar({
          connection: caldav,
          studioTimeZone: config.studio.timeZone,
          log,
          health: calendarHealth,
        });
  if (busyCalendar !== undefined) {
    // One read at start, so /readyz says at once whether the calendar can be read.
    const at = now();
    busyCalendar.busyBetween(new Date(at), new Date(at + 86_400_000)).catch((error: unknown) => {
      log('warn', "the studio's calendar cannot be read", {
        reason: error instanceof Error ? error.message : String(error),
      });
    });
  }
  const app = createApp({
    config,
    store,
    site,
    log,
    metrics,
    audience,
    now,
    challenges,
    renderSite,
    loadStudioRender: fromSource?.loadStudioRender,
    liveSite,
    replyThreads,
    deviceKey: deriveDeviceKey(secret),
    letterLinkKey: letterCopies.linkKey,
    letterMail,
    renderFormPage: createFormPageRenderer(config.distDir),
    onEnquiryStored: () => worker.nudge(),
    readMailboxTrouble: () => mailboxWatch?.readTrouble() ?? null,
    readCalendarTrouble: () => calendarHealth.trouble(),
    busyCalendar,
  });
  /** Everything that runs beside the listener, stopped before the store it uses is closed. */
  const stopBackgroundWork = async (): Promise<void> => {
    await scheduled.stop();
    liveSite.stop();
    await publishWatch?.stop();
    await mailboxWatch?.stop();
    await calendarSync?.stop();
    await busyCalendar?.stop();
    await digest.stop();
    await sweep.stop();
    await reminders.stop();
    await saltPurge.stop();
    await purge.stop();
    await worker.stop();
    await letterSender.stop();
    transport.close();
    letterTransport.close();
  };
  const pipeline = createRequestPipeline({
    app,
    site,
    logRequest: createAccessLog(options.writeAccessLine),
    requestMetrics: metrics.requests,
    countView: audience.see,
    answerBeacon:
      audience.vitals === null
        ? null
        : createBeaconListener({
            vitals: audience.vitals,
            proxies: createProxySettings(config),
            securityHeaders: site.securityHeaders,
            meter: metrics.audience,
            countRateLimited: (endpoint) => {
              metrics.countRateLimited(endpoint);
            },
          }),
  });
  const server = await startHttpServer({
    listener:
      fromSource === undefined
        ? pipeline
        : fromSource.frontDoor(pipeline, { store, isAppPath: createAppPathTest(app) }),
    port: config.port,
    host: config.host,
  }).catch(async (error: unknown) => {
    // The port is taken, say: release what was opened before reporting it.
    await stopBackgroundWork();
    await store.close();
    throw error;
  });
  return {
    url: server.url,
    port: server.port,
    store,
    mail: transport.description,
    flushAudience: audience.flush,
    async stop(drainMs) {
      await server.close(drainMs);
      // The last views and samples counted are written while the store is still open.
      await audience.flush();
      await stopBackgroundWork();
      await store.close().catch((error: unknown) => {
        log('error', 'closing the store failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
    },
  };
}
