import type { Kysely, Transaction } from 'kysely';
import type { StudioSettings } from '../../../common/studio-settings';
import type { StoreContext } from '../db/store-context';
import type { Database } from '../db/schema';

/** The studio's settings: the acknowledgement, the locale and the currency. */
export interface SettingsRepository {
  readSettings(): Promise<StudioSettings>;
  /** Replaces them all at once; the caller has checked them. */
  saveSettings(settings: StudioSettings): Promise<void>;
}

/** The one row migration 0025 wrote; within a transaction when one is given. */
export async function readStudioSettings(
  db: Kysely<Database> | Transaction<Database>,
): Promise<StudioSettings> {
  const row = await db
    .selectFrom('studio_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    acknowledgement: {
      enabled: row.acknowledgement_enabled === 1,
      subject: row.acknowledgement_subject,
      text: row.acknowledgement_text,
    },
    locale: row.locale,
    currency: row.currency,
  };
}

export function createSettingsRepository({ db, guard }: StoreContext): SettingsRepository {
  return {
    readSettings: () => guard('read the studio settings', () => readStudioSettings(db)),
    saveSettings: ({ acknowledgement, locale, currency }) =>
      guard('save the studio settings', async () => {
        await db
          .updateTable('studio_settings')
          .set({
            acknowledgement_enabled: acknowledgement.enabled ? 1 : 0,
            acknowledgement_subject: acknowledgement.subject,
            acknowledgement_text: acknowledgement.text,
            locale,
            currency,
          })
          .where('id', '=', 1)
          .execute();
      }),
  };
}
