import { ImapFlow } from 'imapflow';
import { LEAD_LIMITS } from '../../common/leads';
import type { Log } from '../log';
import { isLoopbackHost } from '../mail/smtp-options';
import type { LeadRepository } from '../store/leads/lead-repository';
import { AnswerNotStoredError } from './answer-not-stored';
import { describeMailboxError } from './describe-mailbox-error';
import { describeUnreadable } from './describe-unreadable';
import { readHeaderBits } from './read-header-bits';
import { readIncoming, type ThreadKeys } from './read-incoming';
import { readLetterReport } from './read-letter-report';
import type { LetterReports } from '../store/letters/letter-reports';

/** The keyword a message gets once its thread holds it (besides \Seen). */
export const IMPORTED_KEYWORD = '$EmberImported';

export type MailboxWatchOptions = {
  /** IMAP_URL: `imaps://user:pass@host:993/INBOX`. */
  url: string;
  /** IMAP_INSECURE: a remote imap:// may be read in plain text (config refuses it otherwise). */
  allowPlainText: boolean;
  leads: Pick<
    LeadRepository,
    | 'importMessage'
    | 'setAsideUnreadable'
    | 'readMailboxCursor'
    | 'saveMailboxCursor'
    | 'recordMailboxCheck'
    | 'whileWatchingMailbox'
  >;
  /** Where a bounce or complaint about a letter's copy marks the address undeliverable. */
  letterReports: Pick<LetterReports, 'markCopyUndeliverable'>;
  keys: ThreadKeys;
  /** IMAP_AUTHSERV_ID: whose Authentication-Results verify a sender; unset, none does. */
  authservId?: string | null;
  log: Log;
  /** How often the mailbox is checked even when IDLE says nothing (and IDLE is missing). */
  pollIntervalMs?: number;
  /** How often an instance that does not watch checks whether the watcher is gone. */
  takeOverIntervalMs?: number;
  /** How often the watcher checks that it still holds the lock that makes it the only one. */
  lockCheckIntervalMs?: number;
  /** The most of one message kept, in bytes; the rest is left out and the thread says so. */
  messageBytes?: number;
  /** First wait after a failure; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
};

/** What /readyz reports: null while the mailbox is read, or since when and why it is not. */
export type MailboxTrouble = { since: Date; reason: string } | null;

export type MailboxWatch = {
  readTrouble(): MailboxTrouble;
  stop(): Promise<void>;
};

type Pending = { uid: number; size?: number };

/** Why an answer to the studio that no lead holds is listed with the mail set aside. */
const NO_LEAD_REASON =
  'It answers an email from the studio, but no lead holds what it answers: the lead may have been forgotten or deleted.';

/** Messages fetched, flagged and passed by the cursor together, per round trip. */
const BATCH_MESSAGES = 50;

/**
 * The pending messages in batches of up to BATCH_MESSAGES, holding at most twice the size kept
 * of one message (a batch has at least one), so a thousand new messages take twenty round
 * trips and a batch never holds much more memory than one message.
 */
function* inBatches(pending: readonly Pending[], messageBytes: number): Generator<Pending[]> {
  let batch: Pending[] = [];
  let bytes = 0;
  for (const message of pending) {
    const kept = Math.min(message.size ?? 0, messageBytes);
    if (batch.length > 0 && (batch.length === BATCH_MESSAGES || bytes + kept > 2 * messageBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += kept;
  }
  if (batch.length > 0) yield batch;
}

/** The folder IMAP_URL names, INBOX when it names none. */
function folderOf(parsed: URL): string {
  return decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX';
}

function readMailboxUrl(url: string) {
  const parsed = new URL(url);
  const isTls = parsed.protocol === 'imaps:';
  const mailbox = folderOf(parsed);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? (isTls ? 993 : 143) : Number(parsed.port),
    isTls,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox,
    label: mailboxLabel(url),
  };
}

/**
 * The mailbox as the log and the store name it: scheme, host, port and mailbox, never the
 * credentials.
 */
export function mailboxLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}/${folderOf(parsed)}`;
}

/**
 * Watches the studio's mailbox for answers to the studio's replies, on one instance at a time:
 * connects, imports what arrived since the last UID read (all of it again after UIDVALIDITY
 * changed: Message-IDs keep each message single), then waits with IDLE, checking every
 * `pollIntervalMs` as well. A failure is logged in one line and retried with a doubling wait;
 * the site never waits on the mailbox (docs/decisions/0046-mailbox-watch.md).
 */
export function startMailboxWatch(options: MailboxWatchOptions): MailboxWatch {
  const { leads, keys, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 60_000;
  const takeOverIntervalMs = options.takeOverIntervalMs ?? 30_000;
  const lockCheckIntervalMs = options.lockCheckIntervalMs ?? 5_000;
  const messageBytes = options.messageBytes ?? LEAD_LIMITS.messageBytes;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 300_000;
  const target = readMailboxUrl(options.url);
  let isStopping = false;
  let trouble: MailboxTrouble = null;
  let client: ImapFlow | null = null;
  let wake: (() => void) | null = null;
  /** Set by IDLE's news of a new message; a rest that starts with news pending ends at once. */
  let hasNews = false;

  function rest(ms: number): Promise<void> {
    if (hasNews) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  function connect(): ImapFlow {
    const requireTls = target.isTls || !(options.allowPlainText || isLoopbackHost(target.host));
    return new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.isTls,
      // A remote imap:// upgrades with STARTTLS unless IMAP_INSECURE allowed plain text.
      doSTARTTLS: requireTls && !target.isTls ? true : undefined,
      auth: { user: target.user, pass: target.pass },
      tls: { rejectUnauthorized: true },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      missingIdleCommand: 'NOOP',
    });
  }

  /** Imports every message after the cursor, flagging those a thread took. */
  async function readNewMessages(imap: ImapFlow): Promise<void> {
    const opened = await imap.mailboxOpen(target.mailbox);
    const uidValidity = String(opened.uidValidity);
    const cursor = await leads.readMailboxCursor(target.label);
    const lastUid = cursor?.uidValidity === uidValidity ? cursor.lastUid : 0;
    if (cursor !== null && cursor.uidValidity !== uidValidity) {
      log('warn', 'mailbox UIDVALIDITY changed: reading it again from the start', {
        mailbox: target.label,
      });
    }
    const pending = (
      await imap.fetchAll(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true })
    )
      .filter((message) => message.uid > lastUid)
      .sort((a, b) => a.uid - b.uid);
    let stored = 0;
    for (const batch of inBatches(pending, messageBytes)) {
      if (isStopping) return;
      const sources = await fetchSources(imap, batch);
      const taken: number[] = [];
      for (const { uid, size = 0 } of batch) {
        const source = sources.get(uid);
        if (source === undefined) continue;
        const isTruncated = size > messageBytes;
        const outcome = await importOne(uid, source, { size, isTruncated });
        // A duplicate was stored before a crash or restart cut its flagging short.
        if (['stored', 'duplicate', 'set-aside', 'letter-report'].includes(outcome)) {
          taken.push(uid);
        }
        if (outcome !== 'stored') continue;
        stored += 1;
        if (isTruncated) {
          log('warn', 'mailbox message kept without its excess', {
            uid,
            bytes: size,
            keptBytes: messageBytes,
          });
        }
      }
      if (taken.length > 0) {
        await imap.messageFlagsAdd(taken.join(','), ['\\Seen', IMPORTED_KEYWORD], { uid: true });
      }
      const last = batch.at(-1);
      if (last !== undefined) {
        await leads.saveMailboxCursor(target.label, { uidValidity, lastUid: last.uid });
      }
    }
    if (stored > 0) log('info', 'mailbox answers imported', { mailbox: target.label, stored });
    await leads.recordMailboxCheck(target.label, { at: new Date(), error: null });
  }

  /** Keeps why the mailbox cannot be read where the studio sees it, if the store can take it. */
  async function recordFailure(reason: string): Promise<void> {
    try {
      await leads.recordMailboxCheck(target.label, { at: new Date(), error: reason });
    } catch (error) {
      log('warn', 'mailbox failure not recorded', {
        mailbox: target.label,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * The batch's sources by UID: whole messages in one FETCH, those over `messageBytes` one at
   * a time and cut to it.
   */
  async function fetchSources(imap: ImapFlow, batch: readonly Pending[]) {
    const sources = new Map<number, Buffer>();
    const whole = batch.filter(({ size = 0 }) => size <= messageBytes).map(({ uid }) => uid);
    if (whole.length > 0) {
      for (const message of await imap.fetchAll(
        whole.join(','),
        { uid: true, source: true },
        { uid: true },
      )) {
        if (message.source !== undefined) sources.set(message.uid, message.source);
      }
    }
    for (const { uid } of batch.filter(({ size = 0 }) => size > messageBytes)) {
      const fetched = await imap.fetchOne(
        String(uid),
        { source: { start: 0, maxLength: messageBytes } },
        { uid: true },
      );
      if (fetched !== false && fetched.source !== undefined) sources.set(uid, fetched.source);
    }
    return sources;
  }

  /**
   * Stores one message in its thread, or sets aside one the parser cannot read, with its raw
   * copy, for staff to see. A store error on either throws AnswerNotStoredError, so the pass
   * ends before the cursor passes the message.
   */
  async function importOne(
    uid: number,
    source: Buffer,
    { size, isTruncated }: { size: number; isTruncated: boolean },
  ) {
    // A bounce or complaint about a letter is the letters' business, never a lead's (0122).
    const report = readLetterReport(source, keys.messageDomain);
    if (report !== null) {
      let isKnownCopy: boolean;
      try {
        isKnownCopy = await options.letterReports.markCopyUndeliverable({
          ...report,
          at: new Date(),
        });
      } catch (error) {
        throw new AnswerNotStoredError(uid, error);
      }
      log('info', 'mailbox letter report read', { uid, kind: report.kind, isKnownCopy });
      return 'letter-report' as const;
    }
    let message;
    try {
      message = await readIncoming(source, {
        isTruncated,
        keys,
        now: new Date(),
        authservId: options.authservId,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log('warn', 'mailbox message set aside: it could not be read', { uid, reason });
      try {
        await leads.setAsideUnreadable({
          raw: source,
          size: Math.max(size, source.length),
          receivedAt: new Date(),
          reason: describeUnreadable(error),
          ...(await readHeaderBits(source)),
        });
      } catch (storeError) {
        throw new AnswerNotStoredError(uid, storeError);
      }
      return 'unreadable' as const;
    }
    try {
      const outcome = await leads.importMessage(message);
      if (outcome !== 'unmatched' || !message.isAnswerToUs) return outcome;
      // It answers an email of ours whose lead is gone: staff see it rather than nobody (0118).
      await leads.setAsideUnreadable({
        raw: source,
        size: Math.max(size, source.length),
        receivedAt: new Date(),
        reason: NO_LEAD_REASON,
        from: message.from === '' ? null : message.from,
        subject: message.subject === '' ? null : message.subject,
      });
      log('warn', 'mailbox answer set aside: no lead holds what it answers', { uid });
      return 'set-aside' as const;
    } catch (error) {
      throw new AnswerNotStoredError(uid, error);
    }
  }

  /** Connects and reads until the connection ends, the watch stops or its lock is `lost`. */
  async function watch(lost: AbortSignal): Promise<void> {
    const imap = connect();
    client = imap;
    const closeOnLostLock = () => imap.close();
    lost.addEventListener('abort', closeOnLostLock, { once: true });
    imap.on('exists', () => {
      hasNews = true;
      wake?.();
    });
    imap.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => imap.once('close', () => resolve()));
    try {
      await imap.connect();
      log('info', 'mailbox watched by this instance', { mailbox: target.label });
      hasNews = false;
      await readNewMessages(imap);
      if (trouble !== null) log('info', 'mailbox reachable again', { mailbox: target.label });
      trouble = null;
      while (!isStopping && imap.usable) {
        await Promise.race([rest(pollIntervalMs), closed]);
        if (isStopping || !imap.usable) break;
        hasNews = false;
        await readNewMessages(imap);
      }
      if (!isStopping) throw new Error('the mailbox closed the connection');
    } catch (error) {
      // Without its lock this instance may no longer be the only watcher: it steps back.
      if (!lost.aborted) throw error;
    } finally {
      lost.removeEventListener('abort', closeOnLostLock);
      client = null;
      await imap.logout().catch(() => imap.close());
    }
    if (lost.aborted) {
      log('warn', 'mailbox watch stopped: its lock in the database was lost', {
        mailbox: target.label,
      });
    }
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!isStopping) {
      let isWatcher = true;
      try {
        isWatcher = await leads.whileWatchingMailbox(watch, lockCheckIntervalMs);
      } catch (error) {
        failures += 1;
        const isNotStored = error instanceof AnswerNotStoredError;
        const reason = isNotStored ? error.message : describeMailboxError(error);
        const waitMs = Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1));
        trouble = { since: trouble?.since ?? new Date(), reason };
        if (!isStopping) {
          await recordFailure(reason);
          const message = isNotStored
            ? 'mailbox answer not stored, retrying'
            : 'mailbox unavailable, retrying';
          log('error', message, { mailbox: target.label, reason, retryInMs: waitMs });
          await rest(waitMs);
        }
        continue;
      }
      failures = 0;
      // Another instance watches: look again later, in case it stopped.
      if (!isWatcher && !isStopping) await rest(takeOverIntervalMs);
    }
  }

  const running = run();
  return {
    readTrouble: () => trouble,
    async stop() {
      isStopping = true;
      wake?.();
      client?.close();
      await running;
    },
  };
}
