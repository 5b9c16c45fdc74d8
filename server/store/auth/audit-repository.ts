import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';

export type AuditEntry = {
  at: Date;
  event: string;
  email: string | null;
  ip: string | null;
  detail: string | null;
};

export type AuditRepository = {
  recordAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(limit: number): Promise<AuditEntry[]>;
};

/** Writes one entry; given a transaction, the entry stands or falls with what it records. */
export async function insertAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: entry.at.toISOString(),
      event: entry.event,
      email: entry.email,
      ip: entry.ip,
      detail: entry.detail,
    })
    .execute();
}

export function createAuditRepository({ db, guard }: StoreContext): AuditRepository {
  return {
    recordAudit: (entry) => guard('write the audit log', () => insertAudit(db, entry)),

    listAudit: (limit) =>
      guard('read the audit log', async () => {
        const rows = await db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => ({
          at: toDate(row.at),
          event: row.event,
          email: row.email,
          ip: row.ip,
          detail: row.detail,
        }));
      }),
  };
}
