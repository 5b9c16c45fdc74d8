import { sql } from 'kysely';
import { createAudienceRepository } from './audience/audience-repository';
import { createAuthStore } from './auth/auth-store';
import { createAvailabilityRepository } from './bookings/availability-repository';
import { createBookingRepository } from './bookings/booking-repository';
import { createCalendarCopyRepository } from './bookings/calendar-copy-repository';
import { createEnquiryRepository } from './enquiries/enquiry-repository';
import { createInboxRepository } from './inbox/inbox-repository';
import { createLimitRepository } from './limits/limit-repository';
import { createOutboxRepository } from './outbox/outbox-repository';
import { createPrivacyRepository } from './privacy/privacy-repository';
import { createLeadRepository } from './leads/lead-repository';
import { createLetterRepository } from './letters/letter-repository';
import { createPeopleRepository } from './people/people-repository';
import { createLeadDraftRepository } from './lead-drafts/lead-draft-repository';
import { createSavedReplyRepository } from './saved-replies/saved-reply-repository';
import { createSettingsRepository } from './settings/settings-repository';
import { createMediaReferences } from './site/media-references';
import { createMediaRepository } from './site/media-repository';
import { createSiteContentRepository } from './site/site-content-repository';
import { createSiteScheduleRepository } from './site/site-schedule-repository';
import { createStoreContext, type StoreContextOptions } from './db/store-context';
import type { Store } from './store';
import { createSubscriberRepository } from './subscribers/subscriber-repository';
import { createPublishedLetters } from './letters/published-letters';
import { createLetterReports } from './letters/letter-reports';

/**
 * The Store on top of Kysely: one code path for SQLite and PostgreSQL, composed of one
 * repository per kind of record. A new repository takes the same context and is added here;
 * the others do not change. The only dialect differences are the row lock in claimDueEmails
 * and how enquiries are grouped into commits.
 */
export function createKyselyStore(options: StoreContextOptions): Store {
  const { context, close } = createStoreContext(options);
  return {
    ...createEnquiryRepository(context),
    ...createOutboxRepository(context),
    ...createSubscriberRepository(context),
    ...createPrivacyRepository(context),
    auth: createAuthStore(context),
    site: {
      ...createSiteContentRepository(context),
      ...createMediaRepository(context),
      ...createMediaReferences(context),
      ...createSiteScheduleRepository(context),
    },
    audience: createAudienceRepository(context),
    leads: createLeadRepository(context),
    people: createPeopleRepository(context),
    letters: createLetterRepository(context),
    leadDrafts: createLeadDraftRepository(context),
    savedReplies: createSavedReplyRepository(context),
    bookings: {
      ...createAvailabilityRepository(context),
      ...createBookingRepository(context),
      ...createCalendarCopyRepository(context),
    },
    settings: createSettingsRepository(context),
    publishedLetters: createPublishedLetters(context),
    letterReports: createLetterReports(context),
    ...createInboxRepository(context),
    ...createLimitRepository(context),
    ping: () =>
      context.guard('reach the database', async () => {
        await sql`select 1`.execute(context.db);
      }),
    close,
  };
}
