import { Hono } from 'hono';
import { createStudioFormat } from '../../common/studio-format';
import type { Config } from '../config';
import type { ClientAddressReader } from '../http/client-address';
import type { HeaderRecord } from '../security-headers';
import type { Log } from '../log';
import type { AuthStore } from '../store/auth/auth-store';
import type { AttemptCounts } from '../store/limits/limit-repository';
import type { Store } from '../store/store';
import { StoreUnavailableError } from '../store/db/store-unavailable-error';
import type { InboxRepository } from '../store/inbox/inbox-types';
import type { SubscriberRepository } from '../store/subscribers/subscriber-types';
import type { AudienceRepository } from '../store/audience/audience-repository';
import { createAudienceRoutes } from './audience-routes';
import { isCrossSite } from './cross-site';
import { readWallClock } from '../leads/studio-clock';
import type { ReplyThreads } from '../mail/reply-threads';
import type { LeadRepository } from '../store/leads/lead-repository';
import type { LeadDraftRepository } from '../store/lead-drafts/lead-draft-repository';
import type { SavedReplyRepository } from '../store/saved-replies/saved-reply-repository';
import { registerLeadDrafts } from './leads/lead-draft-routes';
import type { SettingsRepository } from '../store/settings/settings-repository';
import { registerMailboxState } from './settings/mailbox-route';
import { registerSettings } from './settings/settings-routes';
import { createReplySenderReader } from './leads/reply-sender';
import { registerSavedReplies } from './leads/saved-reply-routes';
import { registerStaffList } from './leads/staff-list-route';
import { registerUnreadableMail } from './leads/unreadable-mail-routes';
import { requireFreshProof } from './fresh-proof';
import { createInboxRoutes } from './inbox/inbox-routes';
import { registerLeadAddresses } from './leads/lead-addresses';
import { createLeadRoutes } from './leads/lead-routes';
import { registerPeopleRoutes } from './people/people-routes';
import type { PeopleRepository } from '../store/people/people-repository';
import { createMailHealthReader } from './inbox/mail-health';
import { createSubscriberRoutes } from './inbox/subscriber-routes';
import { registerMe } from './me-route';
import { registerOwnProfile } from './profile-routes';
import { registerTeam } from './team-routes';
import { registerPasskeyManagement } from './passkey-management-routes';
import { registerPasskeySignIn } from './passkey-sign-in-routes';
import { readSessionToken } from './session-cookie';
import { registerSessionList } from './session-routes';
import {
  registerPasswordSignIn,
  registerReauthentication,
  registerSignOut,
} from './sign-in-routes';
import { NotSignedInError, requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';
import { STUDIO_HEADERS } from './studio-responses';
import { registerWelcome } from './welcome-route';
import { registerMediaUpload } from './site/media-upload-route';
import type { LiveSite } from '../site/live-site';
import { StorageFullError } from '../store/faults/storage-full';
import { registerSiteRoutes } from './site/site-routes';
import { registerScheduleRoutes } from './site/schedule-routes';
import type { AvailabilityRepository } from '../store/bookings/availability-repository';
import type { BookingRepository } from '../store/bookings/booking-repository-types';
import { registerAvailabilityRoutes } from './booking/availability-routes';
import { registerBookingRoutes } from './booking/booking-routes';
import type { LetterMail } from '../letters/letter-mail';
import type { LetterDrafts } from '../store/letters/letter-types';
import { registerLetterRoutes } from './letters/letter-routes';
import { registerLetterPreview } from './letters/letter-preview-route';

export const STUDIO_API_BASE = '/api/studio';

export type StudioDeps = {
  config: Config;
  auth: AuthStore;
  /** Where the sign-in limits count, shared by every instance. */
  limits: AttemptCounts;
  clientAddress: ClientAddressReader;
  securityHeaders: HeaderRecord;
  log: Log;
  now: () => number;
  /** The enquiries and subscribers the inbox works on. */
  inbox: InboxRepository & Pick<SubscriberRepository, 'sendHeldConfirmation'>;
  /** Wakes the outbox worker after the inbox queued an email, so it goes out now. */
  nudgeOutbox: () => void;
  /** The site's content and uploaded images. */
  siteContent: Store['site'];
  /** Enquiries as leads: stage, owner, notes, the email thread. */
  leads: LeadRepository;
  /** The people the leads are with. */
  people: PeopleRepository;
  /** Each person's half-written replies and notes. */
  leadDrafts: LeadDraftRepository;
  /** The reply box's saved replies, shared by all staff. */
  savedReplies: SavedReplyRepository;
  settings: SettingsRepository;
  /** The per-thread reply addresses of the studio's replies. */
  replyThreads: ReplyThreads;
  /** The audience's numbers, for the Audience page. */
  audience: AudienceRepository;
  /** The sent letters, which the Audience report credits with what their links brought. */
  publishedLetters: Store['publishedLetters'];
  /**
   * Makes the page this instance serves the one just published (resolves once it is served, or
   * once it failed to be), and says why a published revision is not served.
   */
  liveSite: Pick<LiveSite, 'showPublished' | 'problem'>;
  /** Signs the device cookies of browsers that signed in before (deriveDeviceKey). */
  deviceKey: Buffer;
  /** The studio's weekly hours and the rules of a call. */
  bookingHours: AvailabilityRepository;
  /** Called once new hours are saved: the free slots kept from the old ones are dropped. */
  onBookingHoursSaved: () => void;
  /** The calls booked through the site, listed and cancelled by the studio. */
  bookingCalls: BookingRepository;
  /** Letters to the subscribers, and the mail that sends them. */
  letters: LetterDrafts;
  letterMail: LetterMail;
};

/**
 * The studio's API, mounted at /api/studio. In order: no-store and noindex on every answer,
 * cross-site requests refused, the PUBLIC routes (sign-in, welcome link, passkey sign-in), then
 * the session guard, then everything else. A route registered after the guard cannot be
 * reached without a session, whoever adds it.
 */
export function createStudioApp(deps: StudioDeps, kit: StudioKit): Hono<StudioEnv> {
  const { respond } = kit;
  const studio = new Hono<StudioEnv>();

  studio.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(STUDIO_HEADERS)) c.res.headers.set(name, value);
  });
  studio.use('*', async (c, next) => {
    if (isCrossSite(c.req.raw.headers, deps.config.siteOrigin)) {
      return respond.error(403, 'cross_site');
    }
    await next();
  });

  registerPasswordSignIn(studio, kit);
  registerWelcome(studio, kit);
  registerPasskeySignIn(studio, kit);

  studio.use('*', async (c, next) => {
    const token = readSessionToken(c.req.header('cookie') ?? null, deps.config.isHttps);
    const signedIn = await kit.sessions.authenticate(token);
    if (signedIn === null) {
      const clear: HeaderRecord = token === null ? {} : { 'set-cookie': kit.clearCookie };
      return respond.error(401, 'unauthenticated', clear);
    }
    c.set('signedIn', signedIn);
    await next();
  });

  registerSignOut(studio, kit);
  registerReauthentication(studio, kit);
  registerMe(studio, kit, createMailHealthReader(deps.inbox, deps.now));
  registerOwnProfile(studio, kit);
  registerSessionList(studio, kit);
  registerPasskeyManagement(studio, kit);
  const inboxDeps = {
    inbox: deps.inbox,
    respond,
    securityHeaders: deps.securityHeaders,
    now: deps.now,
  };
  const leadRoutes = createLeadRoutes<StudioEnv>({
    ...inboxDeps,
    leads: deps.leads,
    replyThreads: deps.replyThreads,
    mailFrom: deps.config.mailFrom,
    replyFrom: deps.config.leads.replyFrom,
    readSender: createReplySenderReader(deps.auth),
    readLocale: async () => (await deps.settings.readSettings()).locale,
    timeZone: deps.config.studio.timeZone,
    isStaff: async (email) => (await deps.auth.findStaffByEmail(email)) !== null,
    staffEmail: (c) => requireStaff(c).email,
    audit: (c, event, detail) => kit.audit(c, event, requireStaff(c).email, detail),
    nudgeOutbox: deps.nudgeOutbox,
    bodyLimitBytes: deps.config.bodyLimitBytes,
  });
  studio.get('/export', requireFreshProof(kit, 'enquiries.export'));
  registerLeadAddresses(studio, deps.inbox, respond);
  // Before the inbox's `/leads/:id`, which would read `waiting` as an id.
  studio.route('/', leadRoutes.router);
  studio.get('/subscribers/export', requireFreshProof(kit, 'subscribers.export'));
  studio.route(
    '/',
    createInboxRoutes<StudioEnv>({
      ...inboxDeps,
      nudgeOutbox: deps.nudgeOutbox,
      attributions: deps.audience,
      bodyLimitBytes: deps.config.bodyLimitBytes,
      leads: deps.leads,
      people: deps.people,
      changeLead: leadRoutes.changeLead,
      canVerifySenders: deps.config.leads.authservId !== null,
      bookings: deps.bookingCalls,
      timeZone: deps.config.studio.timeZone,
      readStudioFormat: async () => {
        const { locale, currency } = await deps.settings.readSettings();
        return createStudioFormat({ locale, currency, timeZone: deps.config.studio.timeZone });
      },
      listContext: (c) => ({
        me: requireStaff(c).email,
        today: readWallClock(new Date(deps.now()), deps.config.studio.timeZone).day,
      }),
    }),
  );
  registerLeadDrafts(studio, kit, deps.leadDrafts);
  registerPeopleRoutes(studio, deps.people, respond);
  registerSavedReplies(studio, kit, deps.savedReplies);
  registerSettings(studio, kit, deps.settings);
  registerMailboxState(studio, kit, deps.leads);
  registerStaffList(studio, kit);
  registerTeam(studio, kit);
  registerUnreadableMail(studio, kit, deps.leads, deps.securityHeaders);
  studio.route(
    '/',
    createSubscriberRoutes<StudioEnv>({
      ...inboxDeps,
      nudgeOutbox: deps.nudgeOutbox,
      audit: (c, event, detail) => kit.audit(c, event, requireStaff(c).email, detail),
    }),
  );
  registerSiteRoutes(studio, kit, deps.siteContent, deps.liveSite);
  registerScheduleRoutes(studio, kit, deps.siteContent);
  studio.route(
    '/',
    createAudienceRoutes({
      audience: deps.audience,
      site: deps.siteContent,
      letters: deps.publishedLetters,
      respond,
      securityHeaders: deps.securityHeaders,
    }),
  );
  registerMediaUpload(studio, kit, deps.siteContent);
  registerAvailabilityRoutes(studio, kit, {
    hours: deps.bookingHours,
    onSaved: deps.onBookingHoursSaved,
    calendarHost: deps.config.caldavUrl === null ? null : new URL(deps.config.caldavUrl).host,
  });
  registerBookingRoutes(studio, kit, {
    bookings: deps.bookingCalls,
    attributions: deps.audience,
    timeZone: deps.config.studio.timeZone,
    onEmailsQueued: deps.nudgeOutbox,
    nameOf: async (email) => (await createReplySenderReader(deps.auth)(email)).name,
    now: () => new Date(deps.now()),
  });
  registerLetterPreview(studio, kit);
  registerLetterRoutes(studio, kit, {
    letters: deps.letters,
    mail: deps.letterMail,
    log: deps.log,
  });
  studio.all('*', () => respond.error(404, 'not_found'));

  studio.onError((error, c) => {
    if (error instanceof NotSignedInError) return respond.error(401, 'unauthenticated');
    if (error instanceof StoreUnavailableError) {
      deps.log('warn', 'store unavailable', { path: c.req.path, error: error.message });
      const code = error instanceof StorageFullError ? 'storage_full' : 'store_unavailable';
      return respond.error(503, code, { 'retry-after': '60' });
    }
    deps.log('error', 'unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.stack ?? error.message,
    });
    return respond.error(500, 'internal');
  });
  return studio;
}
