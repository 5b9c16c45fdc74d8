import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import { toStaffMember, type StaffMember } from './staff-repository';

export type WelcomeTokenRepository = {
  /**
   * Replaces any earlier link of this person's: only the newest one works. With `besideOthers`
   * (an invitation's emailed link, beside the one shown to the owner) earlier links stay.
   */
  createWelcomeToken(token: {
    tokenHash: string;
    staffId: string;
    now: Date;
    expiresAt: Date;
    besideOthers?: boolean;
  }): Promise<void>;
  /** The person an unused, unexpired link belongs to. */
  findWelcomeToken(tokenHash: string, now: Date): Promise<{ staffId: string } | null>;
  /**
   * Uses the link up and sets the password, atomically, and voids the person's other links;
   * null when the link is not valid.
   */
  redeemWelcomeToken(
    tokenHash: string,
    passwordHash: string,
    now: Date,
  ): Promise<StaffMember | null>;
};

export function createWelcomeTokenRepository({ db, guard }: StoreContext): WelcomeTokenRepository {
  return {
    createWelcomeToken: ({ tokenHash, staffId, now, expiresAt, besideOthers = false }) =>
      guard('create a welcome link', () =>
        db.transaction().execute(async (trx) => {
          if (!besideOthers) {
            await trx.deleteFrom('welcome_tokens').where('staff_id', '=', staffId).execute();
          }
          await trx
            .insertInto('welcome_tokens')
            .values({
              token_hash: tokenHash,
              staff_id: staffId,
              created_at: now.toISOString(),
              expires_at: expiresAt.toISOString(),
              used_at: null,
            })
            .execute();
        }),
      ),

    findWelcomeToken: (tokenHash, now) =>
      guard('read a welcome link', async () => {
        const row = await db
          .selectFrom('welcome_tokens')
          .select(['staff_id', 'expires_at', 'used_at'])
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (row === undefined || row.used_at !== null) return null;
        return toDate(row.expires_at) > now ? { staffId: row.staff_id } : null;
      }),

    redeemWelcomeToken: (tokenHash, passwordHash, now) =>
      guard('use a welcome link', () =>
        db.transaction().execute(async (trx) => {
          const used = await trx
            .updateTable('welcome_tokens')
            .set({ used_at: now.toISOString() })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now.toISOString())
            .returning('staff_id')
            .executeTakeFirst();
          if (used === undefined) return null;
          await trx
            .deleteFrom('welcome_tokens')
            .where('staff_id', '=', used.staff_id)
            .where('token_hash', '<>', tokenHash)
            .execute();
          const staff = await trx
            .updateTable('staff')
            .set({ password_hash: passwordHash })
            .where('id', '=', used.staff_id)
            .returningAll()
            .executeTakeFirst();
          return staff === undefined ? null : toStaffMember(staff);
        }),
      ),
  };
}
