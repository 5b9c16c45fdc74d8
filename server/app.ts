import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { AUDIENCE_ENDPOINT, CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../common/endpoints';
import { BOOK_PATH, MANAGE_PATH } from '../common/booking-page';
import { BOOKING_ENDPOINT, BOOKING_MANAGE_ENDPOINT } from '../common/booking-request';
import { CHALLENGE_ENDPOINT } from '../common/challenge';
import { AUDIENCE_OFF, type Audience } from './audience/audience';
import type { Config } from './config';
import { createPauseAt } from './fault-injection';
import { createJsonResponder } from './http/api-responses';
import type { AppEnv } from './http/app-env';
import { createFormAnswers, type RenderFormPage } from './http/form-answers';
import { createClientAddressReader } from './http/client-address';
import { limitSubjectOf } from './http/ip-address';
import { createAttemptLimiter } from './limits/attempt-limiter';
import { senderDomain } from './mail/compose-enquiry-email';
import type { HeaderRecord } from './security-headers';
import type { Log } from './log';
import { countApiRefusals, createMetricsHandler, METRICS_PATH } from './metrics/metrics-route';
import type { SiteMetrics } from './metrics/site-metrics';
import { createChallengeHandler } from './routes/challenge-route';
import { createBookingHandler } from './routes/booking-route';
import { createBookingManageHandler } from './routes/booking-manage-route';
import { createBookingPageHandlers } from './routes/booking-page-routes';
import { createLetterPageHandlers } from './routes/letter-page-routes';
import { LETTERS_FEED_PATH, LETTERS_PATH } from './letters/letter-paths';
import { createContactHandler } from './routes/contact-route';
import { createHealthHandlers } from './routes/health-routes';
import { createMediaHandler } from './routes/media-route';
import { MEDIA_PATH_PREFIX } from './media/media-urls';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './newsletter/newsletter-links';
import { createNewsletterLinkHandlers } from './routes/newsletter-link-routes';
import { createNewsletterHandler } from './routes/newsletter-route';
import type { Challenges } from './spam/challenges';
import type { BusyCalendar } from './booking/booking-types';
import type { CalendarTrouble } from './booking/calendar/calendar-trouble';
import { createFreeSlots, FREE_SLOTS_KEPT_MS } from './booking/free-slots';
import { CALENDAR_READ_FRESH_MS } from './booking/shared-calendar-read';
import {
  BOOKING_SLOTS_PATH,
  createBookingSlotsHandler,
  SLOT_LISTS_PER_FORM_POST,
} from './routes/booking-slots-route';
import type { LiveSite } from './site/live-site';
import type { RenderSite } from './site/render-site';
import type { Site } from './static/site';
import { mountStudio } from './studio/mount-studio';
import { loadBuiltStudioRender, type LoadStudioRender } from './studio/studio-first-screen';
import { createStaticHandler } from './static/serve-static';
import type { ReplyThreads } from './mail/reply-threads';
import type { LetterMail } from './letters/letter-mail';
import type { MailboxTrouble } from './mailbox/start-mailbox-watch';
import { StorageFullError } from './store/faults/storage-full';
import { StoreUnavailableError } from './store/db/store-unavailable-error';
import type { Store } from './store/store';

export type AppDeps = {
  config: Config;
  store: Store;
  site: Site;
  challenges: Challenges;
  /** Renders the pages that answer plain HTML form posts. */
  renderFormPage: RenderFormPage;
  /**
   * Called after an email is queued (a real enquiry's, a newsletter confirmation), so the
   * outbox worker sends it now.
   */
  onEnquiryStored: () => void;
  log: Log;
  metrics: SiteMetrics;
  /** Renders `/` from a content document: the draft for the preview. */
  renderSite: RenderSite;
  /** Draws the studio's first screen: the build's render unless given (`npm run dev`'s, from source). */
  loadStudioRender?: LoadStudioRender;
  /** Serves the store's published document; a publish awaits it before answering. */
  liveSite: Pick<LiveSite, 'showPublished' | 'problem' | 'servedRevision'>;
  /** The per-thread reply addresses; the same secret must sign them on every instance. */
  replyThreads: ReplyThreads;
  /** Why the studio's mailbox is not being read (for /readyz); null when it is, or unset. */
  readMailboxTrouble?: () => MailboxTrouble;
  /** Why the studio's calendar cannot be read (for /readyz); null when it can, or unset. */
  readCalendarTrouble?: () => CalendarTrouble;
  /** Signs the studio's device cookies; the same on every instance (deriveDeviceKey). */
  deviceKey: Buffer;
  /** Signs the unsubscribe links of letters; the same on every instance (deriveLetterLinkKey). */
  letterLinkKey: Buffer;
  /** Wakes the letter sender, and sends the studio's test copies. */
  letterMail: LetterMail;
  /** Counts views, takes the beacon and attributes enquiries; off when not given. */
  audience?: Audience;
  /** The studio's calendar, read for busy times; absent when CALDAV_URL is unset. */
  busyCalendar?: BusyCalendar;
  now?: () => number;
};

const API_METHODS_REFUSED = ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** The newsletter's link pages answer GET (and HEAD) and POST; anything else gets a page too. */
const LINK_METHODS_REFUSED = ['PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const LIVE_PATH = '/healthz';
const READY_PATH = '/readyz';

/**
 * Every path under it belongs to the app, registered or not (an unknown one gets a JSON 404),
 * and is never answered from the build's fast path.
 */
export const API_PREFIX = '/api/';

/**
 * Builds the whole HTTP application; it never listens, so tests and the server share it. A new
 * group of routes (API or pages) is registered here, before the fallback that serves the build:
 * the request pipeline (pipeline.ts) reads the app's routes and leaves every registered path to
 * the app, so the listener never needs to know about it.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, store, site, log } = deps;
  const now = deps.now ?? Date.now;
  const audience = deps.audience ?? AUDIENCE_OFF;
  const respond = createJsonResponder(site.securityHeaders);
  const forms = createFormAnswers({
    securityHeaders: site.securityHeaders,
    render: deps.renderFormPage,
  });
  const { challenges } = deps;
  const clientAddress = createClientAddressReader(config);
  const formPosts = createAttemptLimiter({
    counts: store,
    windowMs: config.rateLimit.windowMs,
    now,
  });
  /** What both visitor forms need; each form counts its own posts, in the shared store. */
  const formDeps = (form: string) => ({
    config,
    respond,
    forms,
    store,
    challenges,
    log,
    now,
    clientAddress,
    limitPosts: (address: string) =>
      formPosts.take([{ name: form, subject: limitSubjectOf(address), max: config.rateLimit.max }]),
  });
  const health = createHealthHandlers({
    store,
    readSiteProblem: () => deps.liveSite.problem(),
    securityHeaders: site.securityHeaders,
    now,
    metricsToken: config.metricsToken,
    readMailboxTrouble: deps.readMailboxTrouble,
    readCalendarTrouble: deps.readCalendarTrouble,
  });
  const serveStatic = createStaticHandler(site);
  const allowPost: HeaderRecord = { allow: 'POST' };
  const allowGet: HeaderRecord = {
    ...site.securityHeaders,
    allow: 'GET, HEAD',
    'content-type': 'text/plain; charset=utf-8',
  };

  const freeSlots = createFreeSlots({
    readAvailability: () => store.bookings.readAvailability(),
    // A pending call (awaiting its confirmation by email) holds its time as a confirmed one does.
    bookedBetween: async (from, to) =>
      (await store.bookings.listBookings(from, to)).filter(({ state }) => state !== 'cancelled'),
    calendar: deps.busyCalendar,
    timeZone: config.studio.timeZone,
    now,
    cacheMs: FREE_SLOTS_KEPT_MS,
    calendarFreshMs: CALENDAR_READ_FRESH_MS,
  });

  const app = new Hono<AppEnv>();
  app.use('/api/*', countApiRefusals(deps.metrics));
  app.post(
    CONTACT_ENDPOINT,
    createContactHandler({
      ...formDeps('contact'),
      onEnquiryStored: deps.onEnquiryStored,
      attributeEnquiry: audience.attributeEnquiry,
      sender: { address: config.leads.replyFrom, messageDomain: senderDomain(config.mailFrom) },
      pauseAt: createPauseAt(config.faultInjection, log),
    }),
  );
  app.post(
    NEWSLETTER_ENDPOINT,
    createNewsletterHandler({
      ...formDeps('newsletter'),
      wording: site.newsletterWording,
      onConfirmationQueued: deps.onEnquiryStored,
    }),
  );
  const bookingService = {
    store,
    calendar: deps.busyCalendar ?? null,
    timeZone: config.studio.timeZone,
    now: () => new Date(now()),
    callsPerClient: config.booking.callsPerClient,
  };
  /** A call booked, moved or cancelled here: the slots kept are stale, and its emails wait. */
  const onBookingChanged = () => {
    freeSlots.forget();
    deps.onEnquiryStored();
  };
  if (config.booking.isOn) {
    app.post(
      BOOKING_ENDPOINT,
      createBookingHandler({
        ...formDeps('booking'),
        service: bookingService,
        onEmailsQueued: onBookingChanged,
        attributeEnquiry: audience.attributeEnquiry,
      }),
    );
    app.post(
      BOOKING_MANAGE_ENDPOINT,
      createBookingManageHandler({
        ...formDeps('booking'),
        service: bookingService,
        onEmailsQueued: onBookingChanged,
      }),
    );
    const bookingPages = createBookingPageHandlers({
      ...formDeps('booking'),
      service: bookingService,
      freeSlots,
      onBookingChanged,
      attributeEnquiry: audience.attributeEnquiry,
    });
    // Built files are precompressed; these pages are rendered per request, 70 KB of markup and
    // inlined styles that gzip to 9 KB: within TCP's first window, so /book paints as soon as `/`.
    for (const path of [BOOK_PATH, MANAGE_PATH]) app.use(path, compress({ encoding: 'gzip' }));
    app.get(BOOK_PATH, bookingPages.showBook);
    app.post(BOOK_PATH, bookingPages.book);
    app.get(MANAGE_PATH, bookingPages.showManage);
    app.post(MANAGE_PATH, bookingPages.manage);
  }
  app.get(
    CHALLENGE_ENDPOINT,
    createChallengeHandler({ challenges, securityHeaders: site.securityHeaders }),
  );
  const postEndpoints = [
    CONTACT_ENDPOINT,
    NEWSLETTER_ENDPOINT,
    ...(config.booking.isOn ? [BOOKING_ENDPOINT, BOOKING_MANAGE_ENDPOINT] : []),
  ];
  if (audience.vitals !== null) {
    // POSTs are answered before the app (pipeline.ts); other methods get their 405 here. With
    // AUDIENCE=off the path is not routed at all: one more unknown path.
    postEndpoints.push(AUDIENCE_ENDPOINT);
  }
  if (config.booking.isOn) {
    app.get(
      BOOKING_SLOTS_PATH,
      createBookingSlotsHandler({
        freeSlots,
        limitLists: (c) =>
          formPosts.take([
            {
              name: 'slots',
              subject: limitSubjectOf(clientAddress(c)),
              max: config.rateLimit.max * SLOT_LISTS_PER_FORM_POST,
            },
          ]),
        respond,
        securityHeaders: site.securityHeaders,
        log,
      }),
    );
  }
  app.on(API_METHODS_REFUSED, postEndpoints, () =>
    respond(405, { success: false, error: 'method_not_allowed' }, allowPost),
  );
  const studio = mountStudio(app, {
    config,
    auth: store.auth,
    inbox: store,
    limits: store,
    clientAddress,
    siteContent: store.site,
    leads: store.leads,
    people: store.people,
    leadDrafts: store.leadDrafts,
    savedReplies: store.savedReplies,
    settings: store.settings,
    replyThreads: deps.replyThreads,
    audience: store.audience,
    publishedLetters: store.publishedLetters,
    liveSite: deps.liveSite,
    renderSite: deps.renderSite,
    loadStudioRender: deps.loadStudioRender ?? loadBuiltStudioRender(config.distDir),
    nudgeOutbox: deps.onEnquiryStored,
    deviceKey: deps.deviceKey,
    bookingHours: store.bookings,
    onBookingHoursSaved: () => freeSlots.forget(),
    bookingCalls: store.bookings,
    letters: store.letters,
    letterMail: deps.letterMail,
    site,
    log,
    now,
  });
  const links = createNewsletterLinkHandlers({
    config,
    site,
    store,
    attributeSubscriber: audience.attributeSubscriber,
    clientAddress,
    letterLinkKey: deps.letterLinkKey,
    now,
  });
  app.get(CONFIRM_PATH, links.showConfirm);
  app.post(CONFIRM_PATH, links.confirm);
  app.get(UNSUBSCRIBE_PATH, links.showUnsubscribe);
  app.post(UNSUBSCRIBE_PATH, links.unsubscribe);
  app.on(LINK_METHODS_REFUSED, [CONFIRM_PATH, UNSUBSCRIBE_PATH], links.refuseMethod);
  app.get(
    `${MEDIA_PATH_PREFIX}:file`,
    createMediaHandler({
      media: store.site,
      servedRevision: () => deps.liveSite.servedRevision(),
      isStaff: (headers) => studio.isStaff(headers),
      securityHeaders: site.securityHeaders,
      answerNotFound: (c) => serveStatic(c.req.path, c.req.raw.headers),
      now,
    }),
  );
  const letterPages = createLetterPageHandlers({
    letters: store.publishedLetters,
    siteOrigin: config.siteOrigin,
    timeZone: config.studio.timeZone,
    distDir: config.distDir,
    securityHeaders: site.securityHeaders,
    answerNotFound: (c) => serveStatic(c.req.path, c.req.raw.headers),
  });
  // Rendered per request as /book is, and sent gzipped for the same reason.
  for (const path of [LETTERS_PATH, LETTERS_FEED_PATH, `${LETTERS_PATH}/:slug`]) {
    app.use(path, compress({ encoding: 'gzip' }));
  }
  app.get(LETTERS_PATH, letterPages.archive);
  app.get(LETTERS_FEED_PATH, letterPages.feed);
  app.get(`${LETTERS_PATH}/:slug`, letterPages.letter);
  app.get(LIVE_PATH, health.live);
  app.get(READY_PATH, (c) => health.ready(c.req.header('authorization')));
  // Without a token the path is not routed at all: it is one more unknown path.
  if (config.metricsToken !== null) {
    app.get(
      METRICS_PATH,
      createMetricsHandler({
        metrics: deps.metrics,
        token: config.metricsToken,
        securityHeaders: site.securityHeaders,
        answerUnknown: (c) => serveStatic(c.req.path, c.req.raw.headers),
      }),
    );
  }
  app.get('*', (c) =>
    c.req.path.startsWith(API_PREFIX) && !site.files.has(c.req.path)
      ? respond(404, { success: false, error: 'not_found' })
      : serveStatic(c.req.path, c.req.raw.headers),
  );

  app.notFound((c) =>
    c.req.path.startsWith(API_PREFIX)
      ? respond(404, { success: false, error: 'not_found' })
      : new Response('Method Not Allowed\n', { status: 405, headers: allowGet }),
  );
  app.onError((error, c) => {
    if (error instanceof StoreUnavailableError) {
      log('warn', 'store unavailable', {
        method: c.req.method,
        path: c.req.path,
        error: error.message,
      });
      const code = error instanceof StorageFullError ? 'storage_full' : 'store_unavailable';
      return respond(503, { success: false, error: code }, { 'retry-after': '60' });
    }
    log('error', 'unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.stack ?? error.message,
    });
    return respond(500, { success: false, error: 'internal_error' });
  });
  return app;
}
