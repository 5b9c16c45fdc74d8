import type { AudienceRepository } from './audience/audience-repository';
import type { AuthStore } from './auth/auth-store';
import type { AvailabilityRepository } from './bookings/availability-repository';
import type { BookingRepository } from './bookings/booking-repository-types';
import type { CalendarCopyRepository } from './bookings/calendar-copy-repository';
import type { EnquiryRepository } from './enquiries/enquiry-types';
import type { InboxRepository } from './inbox/inbox-types';
import type { LeadRepository } from './leads/lead-repository';
import type { LetterRepository } from './letters/letter-types';
import type { LeadDraftRepository } from './lead-drafts/lead-draft-repository';
import type { LimitRepository } from './limits/limit-repository';
import type { SavedReplyRepository } from './saved-replies/saved-reply-repository';
import type { SettingsRepository } from './settings/settings-repository';
import type { MediaReferences } from './site/media-references';
import type { MediaRepository } from './site/media-repository';
import type { OutboxRepository } from './outbox/outbox-types';
import type { PeopleRepository } from './people/people-repository';
import type { PrivacyRepository } from './privacy/privacy-types';
import type { SiteContentRepository } from './site/site-content-repository';
import type { SiteScheduleRepository } from './site/site-schedule-repository';
import type { SubscriberRepository } from './subscribers/subscriber-types';
import type { PublishedLetters } from './letters/published-letters';
import type { LetterReports } from './letters/letter-reports';

/**
 * The store: only composes the repositories of its rooms, one folder per thing kept.
 * SQLite and PostgreSQL implement it identically; the shared test suites run against both.
 * Every method throws StoreUnavailableError when the database cannot be reached or written.
 */
export interface Store
  extends
    EnquiryRepository,
    OutboxRepository,
    SubscriberRepository,
    InboxRepository,
    PrivacyRepository,
    LimitRepository {
  /** The studio's staff, sessions, welcome links, passkeys and audit log. */
  auth: AuthStore;
  /** The site's content (draft, published, history, schedules) and the studio's uploaded images. */
  site: SiteContentRepository & MediaRepository & MediaReferences & SiteScheduleRepository;
  /** Views, Web Vitals and their daily roll-ups, and the visits enquiries came from. */
  audience: AudienceRepository;
  /** The people the studio deals with, each with every lead and call of theirs. */
  people: PeopleRepository;
  /** Enquiries as leads: stage, owner, notes and the email thread with the client. */
  leads: LeadRepository;
  /** Letters to the subscribers: drafts, sends, each subscriber's copy and LETTER_RATE's slots. */
  letters: LetterRepository;
  /** Each person's half-written replies and notes on leads. */
  leadDrafts: LeadDraftRepository;
  /** The replies the studio sends often, shared by all staff. */
  savedReplies: SavedReplyRepository;
  /**
   * Calls booked with the studio: its weekly hours and rules, the calls, never two at once, and
   * where each one's copy in the studio's calendar stands.
   */
  bookings: AvailabilityRepository & BookingRepository & CalendarCopyRepository;
  /** The studio's settings: the acknowledgement, the locale and the currency. */
  settings: SettingsRepository;
  /** The sent letters, as the public archive, pages and feed read them. */
  publishedLetters: PublishedLetters;
  /** The bounces and complaints about letters, marking their addresses undeliverable. */
  letterReports: LetterReports;
  /** Throws when the store cannot answer; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
