import { Migrator, type Kysely, type Migration } from 'kysely';
import { createTables } from './migrations/0001-create-tables';
import { createAuthTables } from './migrations/0002-create-auth-tables';
import { createInboxMigration } from './migrations/0003-inbox';
import { addNewsletterConsent } from './migrations/0005-newsletter-consent';
import { hashTokensAndRecordProofs } from './migrations/0006-hashed-tokens-and-session-proofs';
import { createSharedLimits } from './migrations/0007-shared-limits';
import { createSiteContentTables } from './migrations/0008-site-content';
import { addSubscriberPageIndex } from './migrations/0010-subscriber-pages';
import { createAudienceTables } from './migrations/0011-audience';
import { createLeadTables } from './migrations/0012-leads';
import { createSiteSchedules } from './migrations/0014-site-schedules';
import { createSavedReplyTable } from './migrations/0015-saved-replies';
import { createSubscriberAttributions } from './migrations/0016-subscriber-attributions';
import { addViewRepeats } from './migrations/0017-view-repeats';
import { addViewVisits } from './migrations/0018-private-visit-continuations';
import { addVerifiedSenders } from './migrations/0019-verified-senders';
import { createUnreadableMessages } from './migrations/0020-unreadable-messages';
import { createBookingAvailability } from './migrations/0021-booking-availability';
import { createBookings } from './migrations/0022-bookings';
import { addBookingCalendarCopies } from './migrations/0023-booking-calendar-copies';
import { addStaffNamesAndRoles } from './migrations/0024-staff-names-and-roles';
import { addReplyIdentity } from './migrations/0025-reply-identity';
import { addOneLeadLifecycle } from './migrations/0026-one-lead-lifecycle';
import { createLeadDrafts } from './migrations/0027-lead-drafts';
import { addReplacedDraftsToHistory } from './migrations/0027-replaced-drafts-in-history';
import { createCalendarRemovals } from './migrations/0029-calendar-removals';
import { addOnePersonOneLead } from './migrations/0030-one-person-one-lead';
import { addAnswerNotices } from './migrations/0031-answer-notices';
import { fillOnePersonOneLead } from './migrations/0032-one-person-one-lead-rows';
import { addBookingVisitorDetails } from './migrations/0033-booking-visitor-details';
import { createBookingLinks } from './migrations/0034-booking-links';
import { addBookingClients } from './migrations/0035-booking-clients';
import { fileRepliedAsReadEverywhere } from './migrations/0040-replied-filed-as-read';
import { validateInboxStatusCheck } from './migrations/0041-validate-inbox-status-check';
import { createCallEvents } from './migrations/0042-call-events';
import { addBookingMeetingRoom } from './migrations/0043-booking-meeting-room';
import { keepJoinedLeadsWork } from './migrations/0044-joined-leads-work-kept';
import { addPeople } from './migrations/0045-people';
import { addCalendarAnswers } from './migrations/0046-calendar-answers';
import { addLetters } from './migrations/0047-letters';
import { withSessionLock } from './db/advisory-locks';
import type { SqlDialect } from './db/schema';
import type { Log } from '../log';

/**
 * Every change to the schema, oldest first. A new one is a new file in migrations/ and a new
 * entry at the end (`0002-…`, `0003-…`: the migrator runs them in name order). A shipped one is
 * edited only so that, with the ones after it, it leaves the schema it left before: databases
 * that already ran it will not run it again. Each keeps the previous release working against
 * the schema it leaves (docs/decisions/0094-migrations-the-previous-release-survives.md,
 * enforced by scripts/migrations/migration-policy.test.ts).
 */
const MIGRATIONS: readonly (readonly [name: string, create: (dialect: SqlDialect) => Migration])[] =
  [
    ['0001-create-tables', createTables],
    ['0002-create-auth-tables', createAuthTables],
    ['0003-inbox', createInboxMigration],
    ['0005-newsletter-consent', addNewsletterConsent],
    ['0006-hashed-tokens-and-session-proofs', hashTokensAndRecordProofs],
    ['0007-shared-limits', createSharedLimits],
    ['0008-site-content', createSiteContentTables],
    ['0010-subscriber-pages', addSubscriberPageIndex],
    ['0011-audience', createAudienceTables],
    ['0012-leads', createLeadTables],
    ['0014-site-schedules', createSiteSchedules],
    ['0015-saved-replies', createSavedReplyTable],
    ['0016-subscriber-attributions', createSubscriberAttributions],
    ['0017-view-repeats', addViewRepeats],
    ['0018-private-visit-continuations', addViewVisits],
    ['0019-verified-senders', addVerifiedSenders],
    ['0020-unreadable-messages', createUnreadableMessages],
    ['0021-booking-availability', createBookingAvailability],
    ['0022-bookings', createBookings],
    ['0023-booking-calendar-copies', addBookingCalendarCopies],
    ['0024-staff-names-and-roles', addStaffNamesAndRoles],
    ['0025-reply-identity', addReplyIdentity],
    ['0026-one-lead-lifecycle', addOneLeadLifecycle],
    ['0027-lead-drafts', createLeadDrafts],
    ['0027-replaced-drafts-in-history', addReplacedDraftsToHistory],
    ['0029-calendar-removals', createCalendarRemovals],
    ['0030-one-person-one-lead', addOnePersonOneLead],
    ['0031-answer-notices', addAnswerNotices],
    ['0032-one-person-one-lead-rows', fillOnePersonOneLead],
    ['0033-booking-visitor-details', addBookingVisitorDetails],
    ['0034-booking-links', createBookingLinks],
    ['0035-booking-clients', addBookingClients],
    ['0040-replied-filed-as-read', fileRepliedAsReadEverywhere],
    ['0041-validate-inbox-status-check', validateInboxStatusCheck],
    ['0042-call-events', createCallEvents],
    ['0043-booking-meeting-room', addBookingMeetingRoom],
    ['0044-joined-leads-work-kept', keepJoinedLeadsWork],
    ['0045-people', addPeople],
    ['0046-calendar-answers', addCalendarAnswers],
    ['0047-letters', addLetters],
  ];

/** Every migration for `dialect`, by name. */
export function listMigrations(dialect: SqlDialect): Record<string, Migration> {
  return Object.fromEntries(MIGRATIONS.map(([name, create]) => [name, create(dialect)]));
}

/** The migrations this build knows; a database that ran others was made by a newer build. */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map(([name]) => name);

/**
 * Brings the schema up to date at open. On PostgreSQL, instances starting together take turns
 * under an advisory lock of ours: kysely's migrator locks only around running the migrations,
 * and creates its own bookkeeping tables before that, racing, so concurrent starts used to
 * leave duplicate-key errors in PostgreSQL's log (kysely swallowed them). The first instance
 * migrates; the others wait, then find nothing to do (docs/decisions/0035-several-instances.md).
 *
 * Each migration commits on its own: kysely would run them all in one PostgreSQL transaction,
 * holding every lock the first one takes until the last one ends, while the previous release
 * keeps serving beside it (docs/decisions/0093-upgrades-without-downtime.md). A database
 * already migrated past this build by the next release is left as it is, so this build can
 * be started again against it (a rollback within a release).
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: SqlDialect,
  log: Log = () => undefined,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: () => Promise.resolve(listMigrations(dialect)),
    },
  });
  const migrate = async (): Promise<void> => {
    // With nothing of its own to run, the migrator is never asked: it would refuse a database
    // that ran migrations this build does not know.
    const pending = (await migrator.getMigrations()).filter(
      ({ executedAt }) => executedAt === undefined,
    );
    if (pending.length > 0) log('info', 'migrating', { migrations: pending.length });
    for (const { name } of pending) {
      const startedAt = Date.now();
      const { error } = await migrator.migrateTo(name);
      if (error !== undefined) {
        throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
      }
      log('info', 'migrated', { migration: name, ms: Date.now() - startedAt });
    }
  };
  await (dialect === 'postgres' ? withSessionLock(db, 'startUp', migrate) : migrate());
}
