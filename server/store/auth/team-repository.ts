import type { NotifyChoice } from '../../../common/staff';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { queueOutboxJob } from '../outbox/queue-email';
import {
  insertStaffRow,
  toStaffMember,
  type NewStaffProfile,
  type StaffMember,
  type StaffRole,
} from './staff-repository';

/** What changing someone on the team came to; `last-owner`: it would have left no owner. */
export type TeamChange =
  { kind: 'done'; staff: StaffMember } | { kind: 'not-found' } | { kind: 'last-owner' };

export type ProfileChange = { name?: string; signature?: string; notify?: NotifyChoice };

export type TeamRepository = {
  /**
   * Adds a colleague with no password and queues the email inviting them, in one transaction;
   * null when someone with this address is already on the staff.
   */
  inviteStaff(
    invitee: NewStaffProfile & { email: string },
    invitedBy: string,
    now: Date,
  ): Promise<StaffMember | null>;
  /** Renames a colleague and/or changes their role; never demotes the last owner. */
  changeStaff(email: string, change: { name?: string; role?: StaffRole }): Promise<TeamChange>;
  /** Deletes the person with their sessions, passkeys and links; never the last owner. */
  removeStaff(email: string): Promise<TeamChange>;
  /** The person's own name and signature; null when they are no longer on the staff. */
  changeOwnProfile(staffId: string, change: ProfileChange): Promise<StaffMember | null>;
  /**
   * Replaces the password only if it is still `currentHash` (the one just checked), and ends
   * every other session of the person's. False when it changed meanwhile.
   */
  changePassword(input: {
    staffId: string;
    currentHash: string;
    newHash: string;
    keepSessionId: string;
  }): Promise<boolean>;
};

/**
 * True while someone other than the row being changed is an owner. Read in the same statement
 * as the write, so on SQLite (one writer at a time) no other change can slip between them.
 */
const anotherOwnerRemains = sql<boolean>`(select count(*) from staff as owners where owners.role = 'owner') > 1`;

export function createTeamRepository({ db, dialect, guard }: StoreContext): TeamRepository {
  /**
   * On PostgreSQL two statements can each see two owners and each demote one; locking the
   * owners' rows first makes the second wait for the first, then see what it left.
   */
  const lockOwners = async (trx: Transaction<Database>) => {
    if (dialect !== 'postgres') return;
    await trx
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .orderBy('id') // always in one order, so two of these never wait for each other
      .forUpdate()
      .execute();
  };
  const refusal = async (trx: Transaction<Database>, emailKey: string): Promise<TeamChange> => {
    const exists = await trx
      .selectFrom('staff')
      .select('id')
      .where('email_key', '=', emailKey)
      .executeTakeFirst();
    return exists === undefined ? { kind: 'not-found' } : { kind: 'last-owner' };
  };

  return {
    inviteStaff: ({ email, name, role }, invitedBy, now) =>
      guard('invite a staff member', () =>
        db.transaction().execute(async (trx) => {
          const staff = await insertStaffRow(trx, email, now, { name, role });
          if (staff === null) return null;
          const payload = JSON.stringify({ event: 'invited', invitedBy, at: now.toISOString() });
          // Due by the wall clock, which the outbox worker claims by.
          const due = new Date().toISOString();
          await queueOutboxJob(trx, { kind: 'staff-notice', recipient: email, payload }, due);
          return staff;
        }),
      ),

    changeStaff: (email, change) =>
      guard('change a staff member', () =>
        db.transaction().execute(async (trx): Promise<TeamChange> => {
          const emailKey = email.toLowerCase();
          await lockOwners(trx);
          const row = await trx
            .updateTable('staff')
            .set({ ...(change.name === undefined ? {} : { name: change.name }) })
            .$if(change.role !== undefined, (update) => update.set({ role: change.role }))
            .where('email_key', '=', emailKey)
            .$if(change.role === 'member', (update) =>
              update.where((eb) => eb.or([eb('role', '=', 'member'), anotherOwnerRemains])),
            )
            .returningAll()
            .executeTakeFirst();
          return row === undefined
            ? refusal(trx, emailKey)
            : { kind: 'done', staff: toStaffMember(row) };
        }),
      ),

    removeStaff: (email) =>
      guard('remove a staff member', () =>
        db.transaction().execute(async (trx): Promise<TeamChange> => {
          const emailKey = email.toLowerCase();
          await lockOwners(trx);
          const row = await trx
            .deleteFrom('staff')
            .where('email_key', '=', emailKey)
            .where((eb) => eb.or([eb('role', '=', 'member'), anotherOwnerRemains]))
            .returningAll()
            .executeTakeFirst();
          return row === undefined
            ? refusal(trx, emailKey)
            : { kind: 'done', staff: toStaffMember(row) };
        }),
      ),

    changeOwnProfile: (staffId, change) =>
      guard('change a staff member', async () => {
        const values = {
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.signature === undefined ? {} : { signature: change.signature }),
          ...(change.notify === undefined ? {} : { notify: change.notify }),
        };
        // A change that names nothing is answered with the profile as it is: SQL has no
        // UPDATE that sets no column.
        const row =
          Object.keys(values).length === 0
            ? await db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirst()
            : await db
                .updateTable('staff')
                .set(values)
                .where('id', '=', staffId)
                .returningAll()
                .executeTakeFirst();
        return row === undefined ? null : toStaffMember(row);
      }),

    changePassword: ({ staffId, currentHash, newHash, keepSessionId }) =>
      guard('change a password', () =>
        db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('staff')
            .set({ password_hash: newHash })
            .where('id', '=', staffId)
            .where('password_hash', '=', currentHash)
            .returning('id')
            .executeTakeFirst();
          if (changed === undefined) return false;
          await trx
            .deleteFrom('staff_sessions')
            .where('staff_id', '=', staffId)
            .where('id', '<>', keepSessionId)
            .execute();
          return true;
        }),
      ),
  };
}
