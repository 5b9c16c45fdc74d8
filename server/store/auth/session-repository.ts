import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';

export type StoredSession = {
  id: string;
  staffId: string;
  email: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  /** When the person last proved who they are in this session; null: never recorded. */
  provenAt: Date | null;
};

export type NewSession = {
  id: string;
  tokenHash: string;
  staffId: string;
  userAgent: string | null;
  now: Date;
};

export type SessionRepository = {
  createSession(session: NewSession): Promise<void>;
  findSessionByTokenHash(tokenHash: string): Promise<StoredSession | null>;
  touchSession(id: string, now: Date): Promise<void>;
  /** Records that the person just gave their password or a passkey again in this session. */
  recordSessionProof(id: string, now: Date): Promise<void>;
  /** False when there was no such session of this person's. */
  deleteSession(staffId: string, id: string): Promise<boolean>;
  deleteStaffSessions(staffId: string): Promise<number>;
  listSessions(staffId: string): Promise<StoredSession[]>;
};

export function createSessionRepository({ db, guard }: StoreContext): SessionRepository {
  const selectSessions = () =>
    db
      .selectFrom('staff_sessions')
      .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
      .select([
        'staff_sessions.id',
        'staff_sessions.staff_id',
        'staff.email',
        'staff_sessions.created_at',
        'staff_sessions.last_seen_at',
        'staff_sessions.user_agent',
        'staff_sessions.proven_at',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectSessions>['executeTakeFirstOrThrow']>>;
  const toSession = (row: Row): StoredSession => ({
    id: row.id,
    staffId: row.staff_id,
    email: row.email,
    createdAt: toDate(row.created_at),
    lastSeenAt: toDate(row.last_seen_at),
    userAgent: row.user_agent,
    provenAt: row.proven_at === null ? null : toDate(row.proven_at),
  });

  return {
    createSession: (session) =>
      guard('start a session', async () => {
        const now = session.now.toISOString();
        await db
          .insertInto('staff_sessions')
          .values({
            id: session.id,
            token_hash: session.tokenHash,
            staff_id: session.staffId,
            created_at: now,
            last_seen_at: now,
            user_agent: session.userAgent,
            // A session starts at a sign-in: a password, a passkey or a welcome link.
            proven_at: now,
          })
          .execute();
      }),

    findSessionByTokenHash: (tokenHash) =>
      guard('read a session', async () => {
        const row = await selectSessions()
          .where('staff_sessions.token_hash', '=', tokenHash)
          .executeTakeFirst();
        return row === undefined ? null : toSession(row);
      }),

    touchSession: (id, now) =>
      guard('record session activity', async () => {
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
      }),

    recordSessionProof: (id, now) =>
      guard('record a re-authentication', async () => {
        await db
          .updateTable('staff_sessions')
          .set({ proven_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
      }),

    deleteSession: (staffId, id) =>
      guard('end a session', async () => {
        const deleted = await db
          .deleteFrom('staff_sessions')
          .where('id', '=', id)
          .where('staff_id', '=', staffId)
          .returning('id')
          .executeTakeFirst();
        return deleted !== undefined;
      }),

    deleteStaffSessions: (staffId) =>
      guard('end sessions', async () => {
        const deleted = await db
          .deleteFrom('staff_sessions')
          .where('staff_id', '=', staffId)
          .returning('id')
          .execute();
        return deleted.length;
      }),

    listSessions: (staffId) =>
      guard('list sessions', async () => {
        const rows = await selectSessions()
          .where('staff_sessions.staff_id', '=', staffId)
          .orderBy('staff_sessions.last_seen_at', 'desc')
          .execute();
        return rows.map(toSession);
      }),
  };
}
