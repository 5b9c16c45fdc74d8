import { randomUUID } from 'node:crypto';
import type { Lead, LeadNote, LeadSummary, ReplyQueued } from '../../../common/leads';
import type { UnreadableMail } from '../../../common/unreadable-mail';
import type { StoreContext } from '../db/store-context';
import { tryWithWatchedSessionLock } from '../db/watched-session-lock';
import type { InboxEnquiry } from '../inbox/inbox-types';
import { importMessage, type ImportOutcome, type IncomingMessage } from './import-message';
import { queueDigests, type DigestMoment } from './lead-digest';
import {
  changeLeadFields,
  ensureLeadOfEnquiry,
  type LeadChange,
  type LeadFields,
} from './lead-fields';
import { toLeadNote } from './lead-rows';
import { listWaiting, summarizeLeads } from './lead-summaries';
import { listEarlierWork } from './earlier-work';
import type { EarlierLead } from '../../../common/studio-inbox';
import { readAnsweredMessage, type AnsweredMessage } from './answered-message';
import { readMailboxCheck, recordMailboxCheck, type MailboxCheck } from './mailbox-checks';
import { readMailboxCursor, saveMailboxCursor, type MailboxCursor } from './mailbox-cursor';
import { queueReply, type NewReply } from './queue-reply';
import { storableMessage } from './storable-message';
import { readLead, readLeads } from './read-lead';
import {
  dismissUnreadable,
  listUnreadable,
  readUnreadableRaw,
  setAsideUnreadable,
  type UnreadableMessage,
} from './unreadable-messages';

export type AttachmentFile = { name: string; type: string; content: Buffer };

/** The studio's work on enquiries as leads: fields, notes, the email thread, the mailbox. */
export interface LeadRepository {
  /** The enquiry's lead; null when there is no such enquiry. Marks a new answer as seen. */
  openLead(enquiryId: string): Promise<Lead | null>;
  /** The same person's closed leads, newest first (0087). */
  listEarlierWork(leadId: string): Promise<EarlierLead[]>;
  /** The leads of the given enquiries, by id, for exports; marks nothing as seen. */
  readLeads(enquiryIds: readonly string[]): Promise<Map<string, Lead>>;
  /**
   * The writes below, given an enquiry that joined a lead, act on that lead (0117).
   *
   * Null when there is no such enquiry; otherwise the fields before and after. A new owner
   * other than `by` (the staff member making the change) is emailed a link to the lead, once.
   */
  changeLead(
    enquiryId: string,
    change: LeadChange,
    now: Date,
    by?: string,
  ): Promise<{ before: LeadFields; after: LeadFields } | null>;
  addNote(
    enquiryId: string,
    note: { by: string; text: string; now: Date },
  ): Promise<LeadNote | null>;
  /** What a new reply quotes: the client's last word; null for no such enquiry. */
  readAnsweredMessage(enquiryId: string): Promise<AnsweredMessage | null>;
  /** Stores the reply and queues its email, in one transaction; null for no such enquiry. */
  queueReply(enquiryId: string, reply: NewReply): Promise<ReplyQueued | null>;
  readAttachment(enquiryId: string, attachmentId: string): Promise<AttachmentFile | null>;
  /** Joins a received message to the thread it answers, once; see import-message.ts. */
  importMessage(message: IncomingMessage): Promise<ImportOutcome>;
  /** Where the given enquiries stand as leads, by id. */
  summarizeLeads(enquiryIds: readonly string[]): Promise<Map<string, LeadSummary>>;
  /** Up to `limit` open leads whose client spoke last, the longest waiting first. */
  listWaiting(limit: number): Promise<{ enquiry: InboxEnquiry; summary: LeadSummary }[]>;
  /**
   * Runs `watch` if no other instance is watching the mailbox (PostgreSQL's advisory lock, held
   * until `watch` ends or this process dies); false at once when one is. The lock is checked
   * every `checkIntervalMs`; `lost` aborts when it is gone, and `watch` must then end (see
   * watched-session-lock.ts). SQLite: one instance, whose lock is never lost.
   */
  whileWatchingMailbox(
    watch: (lost: AbortSignal) => Promise<void>,
    checkIntervalMs: number,
  ): Promise<boolean>;
  /**
   * Queues the morning digest of each owner with something to say at `moment`, unless some
   * instance already did for that day: returns the owners queued now ('' for nobody's leads).
   */
  queueMorningDigests(moment: DigestMoment, now: Date): Promise<string[]>;
  readMailboxCursor(mailbox: string): Promise<MailboxCursor | null>;
  saveMailboxCursor(mailbox: string, cursor: MailboxCursor): Promise<void>;
  readMailboxCheck(mailbox: string): Promise<MailboxCheck | null>;
  recordMailboxCheck(mailbox: string, check: { at: Date; error: string | null }): Promise<void>;
  /** Keeps a message the parser could not read, with its raw copy, for staff to see. */
  setAsideUnreadable(message: UnreadableMessage): Promise<void>;
  listUnreadable(): Promise<UnreadableMail[]>;
  readUnreadableRaw(id: string): Promise<Buffer | null>;
  /** False when there is no such set-aside message. */
  dismissUnreadable(id: string): Promise<boolean>;
}

export function createLeadRepository({ db, dialect, guard }: StoreContext): LeadRepository {
  const isPostgres = dialect === 'postgres';
  return {
    listEarlierWork: (leadId) =>
      guard("list a person's earlier leads", () => listEarlierWork(db, leadId)),

    openLead: (enquiryId) =>
      guard('open a lead', async () => {
        await db
          .updateTable('leads')
          .set({ unread_reply_at: null })
          .where('enquiry_id', '=', enquiryId)
          .where('unread_reply_at', 'is not', null)
          .execute();
        return readLead(db, enquiryId);
      }),

    readLeads: (enquiryIds) => guard('read leads', () => readLeads(db, enquiryIds)),

    changeLead: (enquiryId, change, now, by) =>
      guard('change a lead', () =>
        db
          .transaction()
          .execute((trx) =>
            changeLeadFields(trx, enquiryId, change, { now, isPostgres, by: by ?? null }),
          ),
      ),

    addNote: (enquiryId, { by, text, now }) =>
      guard('add a note', () =>
        db.transaction().execute(async (trx) => {
          const leadId = await ensureLeadOfEnquiry(trx, enquiryId);
          if (leadId === null) return null;
          const row = { id: randomUUID(), enquiry_id: leadId, by, at: now.toISOString(), text };
          await trx.insertInto('lead_notes').values(row).execute();
          return toLeadNote(row);
        }),
      ),

    readAnsweredMessage: (enquiryId) =>
      guard('read the message a reply answers', () => readAnsweredMessage(db, enquiryId)),

    queueReply: (enquiryId, reply) =>
      guard('queue a reply', () =>
        db.transaction().execute((trx) => queueReply(trx, enquiryId, reply)),
      ),

    readAttachment: (enquiryId, attachmentId) =>
      guard('read an attachment', async () => {
        const row = await db
          .selectFrom('lead_attachments')
          .select(['name', 'type', 'content'])
          .where('id', '=', attachmentId)
          .where('enquiry_id', '=', enquiryId)
          .executeTakeFirst();
        return row === undefined ? null : { ...row, content: Buffer.from(row.content) };
      }),

    importMessage: (message) =>
      guard('import a message', () =>
        db.transaction().execute((trx) => importMessage(trx, storableMessage(message))),
      ),

    summarizeLeads: (enquiryIds) => guard('summarise leads', () => summarizeLeads(db, enquiryIds)),
    listWaiting: (limit) => guard('list waiting leads', () => listWaiting(db, limit)),

    async whileWatchingMailbox(watch, checkIntervalMs) {
      if (!isPostgres) {
        await watch(new AbortController().signal);
        return true;
      }
      return tryWithWatchedSessionLock(db, 'mailboxWatch', watch, checkIntervalMs);
    },

    queueMorningDigests: (moment, now) =>
      guard('queue the morning digests', () => queueDigests(db, moment, now)),

    readMailboxCursor: (mailbox) =>
      guard('read the mailbox cursor', () => readMailboxCursor(db, mailbox)),
    saveMailboxCursor: (mailbox, cursor) =>
      guard('save the mailbox cursor', () => saveMailboxCursor(db, mailbox, cursor)),
    readMailboxCheck: (mailbox) =>
      guard('read the mailbox check', () => readMailboxCheck(db, mailbox)),
    recordMailboxCheck: (mailbox, check) =>
      guard('record the mailbox check', () => recordMailboxCheck(db, mailbox, check)),

    setAsideUnreadable: (message) =>
      guard('set aside an unreadable message', () => setAsideUnreadable(db, message)),
    listUnreadable: () => guard('list unreadable messages', () => listUnreadable(db)),
    readUnreadableRaw: (id) => guard('read an unreadable message', () => readUnreadableRaw(db, id)),
    dismissUnreadable: (id) =>
      guard('dismiss an unreadable message', () => dismissUnreadable(db, id)),
  };
}
