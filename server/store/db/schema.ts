import type { AudienceDatabase } from '../audience/audience-schema';
import type { AuthDatabase } from '../auth/auth-schema';
import type { AvailabilityDatabase } from '../bookings/availability-schema';
import type { BookingDatabase } from '../bookings/booking-schema';
import type { EnquiryDatabase } from '../enquiries/enquiry-schema';
import type { LeadDatabase } from '../leads/lead-schema';
import type { LetterDatabase } from '../letters/letter-schema';
import type { LeadDraftDatabase } from '../lead-drafts/lead-draft-schema';
import type { LimitDatabase } from '../limits/limit-schema';
import type { OutboxDatabase } from '../outbox/outbox-schema';
import type { PeopleDatabase } from '../people/people-schema';
import type { SavedReplyDatabase } from '../saved-replies/saved-reply-schema';
import type { SettingsDatabase } from '../settings/settings-schema';
import type { SiteDatabase } from '../site/site-schema';
import type { SubscriberDatabase } from '../subscribers/subscriber-schema';

/** Every table of the store: each room declares its own tables' types, composed here. */
export type Database = AuthDatabase &
  EnquiryDatabase &
  OutboxDatabase &
  SubscriberDatabase &
  LimitDatabase &
  SiteDatabase &
  AudienceDatabase &
  LeadDatabase &
  LeadDraftDatabase &
  SavedReplyDatabase &
  AvailabilityDatabase &
  BookingDatabase &
  SettingsDatabase &
  PeopleDatabase &
  LetterDatabase;

export type SqlDialect = 'sqlite' | 'postgres';
