import type { Selectable } from 'kysely';
import type { StoreContext } from '../store-context';
import { toDate } from '../to-date';
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

export type PasskeyRepository = {
  addPasskey(passkey: NewPasskey): Promise<void>;
  listPasskeys(staffId: string): Promise<StoredPasskey[]>;
  findPasskeyByCredentialId(credentialId: string): Promise<StoredPasskey | null>;
  /** False when there was no such passkey of this person's. */
  deletePasskey(staffId: string, id: string): Promise<boolean>;
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

export function createPasskeyRepository({ db, guard }: StoreContext): PasskeyRepository {
  return {
    addPasskey: (passkey) =>
      guard('add a passkey', async () => {
        await db
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
      }),

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

    deletePasskey: (staffId, id) =>
      guard('delete a passkey', async () => {
        const deleted = await db
          .deleteFrom('passkeys')
          .where('id', '=', id)
          .where('staff_id', '=', staffId)
          .returning('id')
          .executeTakeFirst();
        return deleted !== undefined;
      }),

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
