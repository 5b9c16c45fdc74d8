import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import type { NotifyChoice } from '../../../common/staff';
import type { StaffTable } from './auth-schema';
import { nameFromAddress } from './staff-names';

export type StaffRole = StaffTable['role'];

export type StaffMember = {
  id: string;
  email: string;
  /** How colleagues and clients see the person: lists, cards, the From of their replies. */
  name: string;
  role: StaffRole;
  /** Ends each reply they send; may be empty. */
  signature: string;
  /** How they learn that a client answered a lead of theirs. */
  notify: NotifyChoice;
  passwordHash: string | null;
  createdAt: Date;
};

/** Who a new colleague is; without it, a person named after their address, as an owner. */
export type NewStaffProfile = { name: string; role: StaffRole };

export type StaffSummary = StaffMember & { passkeys: number; sessions: number };

export type StaffRepository = {
  /** Null when someone with this address (in any case) is already on the staff. */
  createStaff(email: string, now: Date, profile?: NewStaffProfile): Promise<StaffMember | null>;
  findStaffByEmail(email: string): Promise<StaffMember | null>;
  findStaffById(id: string): Promise<StaffMember | null>;
  listStaff(): Promise<StaffSummary[]>;
  /** Forgets the password, passkeys, sessions and links, as if the person were new. */
  resetStaff(staffId: string): Promise<void>;
};

export function toStaffMember(row: Selectable<StaffTable>): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    signature: row.signature,
    notify: row.notify ?? 'immediately',
    passwordHash: row.password_hash,
    createdAt: toDate(row.created_at),
  };
}

/**
 * Adds someone with no password yet, in `db` or the caller's transaction; null when someone
 * with this address (in any case) is already on the staff: the unique key says so, not a read.
 */
export async function insertStaffRow(
  db: Kysely<Database>,
  email: string,
  now: Date,
  { name, role }: NewStaffProfile,
): Promise<StaffMember | null> {
  const row = {
    id: randomUUID(),
    email,
    email_key: email.toLowerCase(),
    password_hash: null,
    created_at: now.toISOString(),
    name,
    role,
    signature: '',
    notify: null,
  };
  const inserted = await db
    .insertInto('staff')
    .values(row)
    .onConflict((conflict) => conflict.column('email_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? null : toStaffMember(row);
}

export function createStaffRepository({ db, guard }: StoreContext): StaffRepository {
  const findBy = (column: 'email_key' | 'id', value: string) =>
    db.selectFrom('staff').selectAll().where(column, '=', value).executeTakeFirst();

  return {
    createStaff: (email, now, profile = { name: nameFromAddress(email), role: 'owner' }) =>
      guard('add a staff member', () => insertStaffRow(db, email, now, profile)),

    findStaffByEmail: (email) =>
      guard('find a staff member', async () => {
        const row = await findBy('email_key', email.toLowerCase());
        return row === undefined ? null : toStaffMember(row);
      }),

    findStaffById: (id) =>
      guard('find a staff member', async () => {
        const row = await findBy('id', id);
        return row === undefined ? null : toStaffMember(row);
      }),

    listStaff: () =>
      guard('list the staff', async () => {
        const rows = await db
          .selectFrom('staff')
          .selectAll('staff')
          .select((eb) => [
            eb
              .selectFrom('passkeys')
              .whereRef('passkeys.staff_id', '=', 'staff.id')
              .select((count) => count.fn.countAll<number | string>().as('n'))
              .as('passkey_count'),
            eb
              .selectFrom('staff_sessions')
              .whereRef('staff_sessions.staff_id', '=', 'staff.id')
              .select((count) => count.fn.countAll<number | string>().as('n'))
              .as('session_count'),
          ])
          .orderBy('email_key')
          .execute();
        return rows.map((row) => ({
          ...toStaffMember(row),
          passkeys: Number(row.passkey_count ?? 0),
          sessions: Number(row.session_count ?? 0),
        }));
      }),

    resetStaff: (staffId) =>
      guard('reset a staff member', () =>
        db.transaction().execute(async (trx) => {
          await trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
          await trx.deleteFrom('passkeys').where('staff_id', '=', staffId).execute();
          await trx.deleteFrom('welcome_tokens').where('staff_id', '=', staffId).execute();
          await trx.deleteFrom('webauthn_challenges').where('staff_id', '=', staffId).execute();
          await trx
            .updateTable('staff')
            .set({ password_hash: null })
            .where('id', '=', staffId)
            .execute();
        }),
      ),
  };
}
