import type { Selectable, Transaction } from 'kysely';
import { queueOutboxJob } from '../outbox/queue-email';
import type { Database } from '../db/schema';
import type { StaffNoticeEvent } from '../outbox/outbox-types';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import type { PasskeyTable } from './auth-schema';

export type StoredPasskey = {
  id: string;
  staffId: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export type NewPasskey = Omit<StoredPasskey, 'createdAt' | 'lastUsedAt'> & { now: Date };

/** `last-sign-in-method`: the person has no password and this is their only passkey. */
export type PasskeyRemoval = 'removed' | 'not-found' | 'last-sign-in-method';

export type PasskeyRepository = {
  /** Adds the passkey and queues the email that tells its owner, at `notify`, in one go. */
  addPasskey(passkey: NewPasskey, notify: string): Promise<void>;
  listPasskeys(staffId: string): Promise<StoredPasskey[]>;
  findPasskeyByCredentialId(credentialId: string): Promise<StoredPasskey | null>;
  /**
   * Removes one of the person's passkeys and queues the email that tells them, at `notify`;
   * never the last way they have to sign in.
   */
  deletePasskey(staffId: string, id: string, notify: string, now: Date): Promise<PasskeyRemoval>;
  /**
   * Records a use, only if the count is still the one the verification started from, so two
   * sign-ins racing with one (cloned) authenticator cannot both pass.
   */
  recordPasskeyUse(id: string, fromCount: number, toCount: number, now: Date): Promise<boolean>;
};

function parseTransports(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function toPasskey(row: Selectable<PasskeyTable>): StoredPasskey {
  return {
    id: row.id,
    staffId: row.staff_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    signCount: Number(row.sign_count),
    transports: parseTransports(row.transports),
    name: row.name,
    createdAt: toDate(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toDate(row.last_used_at),
  };
}

/** The email that tells a staff member a passkey of theirs came or went. */
function queueNotice(
  trx: Transaction<Database>,
  notify: string,
  notice: { event: StaffNoticeEvent; passkeyName: string; at: Date },
): Promise<void> {
  const at = notice.at.toISOString();
  const payload = JSON.stringify({ event: notice.event, passkeyName: notice.passkeyName, at });
  // Due by the wall clock, which the outbox worker claims by, whatever clock dated the change.
  const due = new Date().toISOString();
  return queueOutboxJob(trx, { kind: 'staff-notice', recipient: notify, payload }, due);
}

export function createPasskeyRepository({ db, dialect, guard }: StoreContext): PasskeyRepository {
  return {
    addPasskey: (passkey, notify) =>
      guard('add a passkey', () =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('passkeys')
            .values({
              id: passkey.id,
              staff_id: passkey.staffId,
              credential_id: passkey.credentialId,
              public_key: passkey.publicKey,
              sign_count: passkey.signCount,
              transports: JSON.stringify(passkey.transports),
              name: passkey.name,
              created_at: passkey.now.toISOString(),
              last_used_at: null,
            })
            .execute();
          await queueNotice(trx, notify, {
            event: 'passkey-added',
            passkeyName: passkey.name,
            at: passkey.now,
          });
        }),
      ),

    listPasskeys: (staffId) =>
      guard('list passkeys', async () => {
        const rows = await db
          .selectFrom('passkeys')
          .selectAll()
          .where('staff_id', '=', staffId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return rows.map(toPasskey);
      }),

    findPasskeyByCredentialId: (credentialId) =>
      guard('find a passkey', async () => {
        const row = await db
          .selectFrom('passkeys')
          .selectAll()
          .where('credential_id', '=', credentialId)
          .executeTakeFirst();
        return row === undefined ? null : toPasskey(row);
      }),

    deletePasskey: (staffId, id, notify, now) =>
      guard('delete a passkey', () =>
        db.transaction().execute(async (trx): Promise<PasskeyRemoval> => {
          // The person's row is locked first, so two removals at once cannot each leave the
          // other's passkey as the last and then both go (SQLite runs one writer anyway).
          const staff = await trx
            .selectFrom('staff')
            .select('password_hash')
            .where('id', '=', staffId)
            .$if(dialect === 'postgres', (query) => query.forUpdate())
            .executeTakeFirst();
          if (staff === undefined) return 'not-found';
          const passkeys = await trx
            .selectFrom('passkeys')
            .select(['id', 'name'])
            .where('staff_id', '=', staffId)
            .execute();
          const passkey = passkeys.find((row) => row.id === id);
          if (passkey === undefined) return 'not-found';
          if (staff.password_hash === null && passkeys.length === 1) return 'last-sign-in-method';
          await trx.deleteFrom('passkeys').where('id', '=', id).execute();
          await queueNotice(trx, notify, {
            event: 'passkey-removed',
            passkeyName: passkey.name,
            at: now,
          });
          return 'removed';
        }),
      ),

    recordPasskeyUse: (id, fromCount, toCount, now) =>
      guard('record a passkey use', async () => {
        const updated = await db
          .updateTable('passkeys')
          .set({ sign_count: toCount, last_used_at: now.toISOString() })
          .where('id', '=', id)
          .where('sign_count', '=', fromCount)
          .returning('id')
          .executeTakeFirst();
        return updated !== undefined;
      }),
  };
}
