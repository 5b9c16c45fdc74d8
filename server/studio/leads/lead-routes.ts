import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { LEAD_LIMITS } from '../../../common/leads';
import type { AppEnv } from '../../http/app-env';
import { enquiryMessageId, senderDomain } from '../../mail/compose-enquiry-email';
import type { ReplyThreads } from '../../mail/reply-threads';
import { REPLY_SUBJECT } from '../../mail/thread-subject';
import type { HeaderRecord } from '../../security-headers';
import type { LeadChange } from '../../store/leads/lead-fields';
import { isCurrencyCode, toMinorUnits, type LeadValue } from '../../../common/lead-value';
import type { LeadFieldsChange } from './lead-change';
import type { LeadRepository } from '../../store/leads/lead-repository';
import { toEnquiryJson } from '../inbox/enquiry-json';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { ENVELOPE_ERRORS, readStudioBody } from '../read-studio-body';
import { readJsonBody } from '../../routes/read-request-body';
import { composeReplyText, senderName } from '../../mail/reply-text';
import { readReplyRequest } from './reply-request';
import { readReplyUpload } from './reply-upload';
import type { ReplySender } from './reply-sender';
import { STUDIO_HEADERS, type StudioResponder } from '../studio-responses';
import { attachmentDisposition } from './attachment-disposition';

export type LeadDeps<E extends AppEnv> = {
  leads: LeadRepository;
  respond: StudioResponder;
  securityHeaders: HeaderRecord;
  replyThreads: ReplyThreads;
  /** MAIL_FROM: replies' Message-IDs are on its domain. */
  mailFrom: string;
  /** REPLY_FROM: replies are sent from it, in their sender's name. */
  replyFrom: string;
  /** The name and signature a staff member's replies carry. */
  readSender: (email: string) => Promise<ReplySender>;
  /** The studio's locale (its settings), for the date a reply's quote names. */
  readLocale: () => Promise<string>;
  /** STUDIO_TIME_ZONE. */
  timeZone: string;
  /** Whether the address is one of the staff's, the only owners a lead can have. */
  isStaff: (email: string) => Promise<boolean>;
  /** The signed-in staff member's address. */
  staffEmail: (c: Context<E>) => string;
  audit: (c: Context<E>, event: string, detail: string) => Promise<void>;
  nudgeOutbox: () => void;
  bodyLimitBytes: number;
  now: () => number;
};

const NoteSchema = z.strictObject({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(LEAD_LIMITS.noteLength)),
});

/** The most leads "waiting for us" lists. */
const WAITING_LIMIT = 100;

/**
 * An enquiry as a lead: its notes, the studio's replies, the answers' attachments and the
 * leads waiting for us. `changeLead` serves the lead half of PATCH /enquiries/:id.
 */
export function createLeadRoutes<E extends AppEnv>(deps: LeadDeps<E>) {
  const { leads, respond } = deps;
  const router = new Hono<E>();

  async function changeLead(
    c: Context<E>,
    id: string,
    request: LeadFieldsChange,
  ): Promise<Response> {
    if (request.owner != null && !(await deps.isStaff(request.owner))) {
      return respond.error(422, 'unknown_owner');
    }
    const { value, ...fields } = request;
    let change: LeadChange = fields;
    if (value != null) {
      if (!isCurrencyCode(value.currency)) return respond.error(422, 'invalid_currency');
      const minor = toMinorUnits(value.amount, value.currency);
      if (minor === null) return respond.error(422, 'invalid_amount');
      change = { ...fields, value: { minor, currency: value.currency } };
    } else if (value === null) {
      change = { ...fields, value: null };
    }
    const changed = await leads.changeLead(id, change, new Date(deps.now()), deps.staffEmail(c));
    if (changed === null) return respond.error(404, 'not_found');
    // A new owner's email waits in the outbox: send it now.
    if (changed.before.owner !== changed.after.owner) deps.nudgeOutbox();
    const { before, after } = changed;
    if (before.stage !== after.stage) {
      await deps.audit(c, 'lead.stage', `${id}: ${before.stage} → ${after.stage}`);
    }
    if (before.owner !== after.owner) {
      await deps.audit(c, 'lead.owner', `${id}: ${before.owner ?? '-'} → ${after.owner ?? '-'}`);
    }
    if (!isSameValue(before.value, after.value)) {
      await deps.audit(
        c,
        'lead.value',
        `${id}: ${describeValue(before.value)} → ${describeValue(after.value)}`,
      );
    }
    return respond.json(200, after);
  }

  router.post('/leads/:id/notes', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const body = await readStudioBody(c.req.raw, NoteSchema, {
      limit: deps.bodyLimitBytes,
      respond,
    });
    if (!body.ok) return body.response;
    const note = await leads.addNote(id, {
      by: deps.staffEmail(c),
      text: body.value.text,
      now: new Date(deps.now()),
    });
    if (note === null) return respond.error(404, 'not_found');
    await deps.audit(c, 'lead.note', `${id}: ${note.id}`);
    return respond.json(201, note);
  });

  router.post('/leads/:id/replies', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const isUpload = /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');
    const body = isUpload
      ? await readReplyUpload(c.req.raw)
      : await readJsonBody(c.req.raw, deps.bodyLimitBytes);
    if (!body.ok) return respond.error(body.status, ENVELOPE_ERRORS[body.status]);
    const files = 'files' in body ? body.files : [];
    const request = readReplyRequest('files' in body ? body.body : body.value);
    if (request === null) return respond.error(400, 'invalid_request');
    if (!request.ok) {
      return respond.json(422, {
        success: false,
        error: 'invalid_reply',
        fieldErrors: request.fieldErrors,
      });
    }
    const answered = await leads.readAnsweredMessage(id);
    if (answered === null) return respond.error(404, 'not_found');
    const staffEmail = deps.staffEmail(c);
    const [sender, locale] = await Promise.all([deps.readSender(staffEmail), deps.readLocale()]);
    const { text, cc } = request.value;
    const replyId = randomUUID();
    const queued = await leads.queueReply(id, {
      id: replyId,
      messageId: `<reply-${replyId}@${senderDomain(deps.mailFrom)}>`,
      rootMessageId: enquiryMessageId(id, deps.mailFrom),
      by: staffEmail,
      fromName: senderName(sender.name),
      text,
      emailText: composeReplyText({
        text,
        signature: sender.signature,
        answered,
        locale,
        timeZone: deps.timeZone,
      }),
      cc,
      attachments: files,
      from: deps.replyFrom,
      subject: REPLY_SUBJECT,
      replyTokenHash: deps.replyThreads.tokenHashFor(id),
      now: new Date(deps.now()),
    });
    if (queued === null) return respond.error(404, 'not_found');
    deps.nudgeOutbox();
    await deps.audit(c, 'lead.reply', `${id}: ${queued.messageId}`);
    return respond.json(201, queued);
  });

  router.get('/leads/:id/attachments/:attachmentId', async (c) => {
    const id = c.req.param('id');
    const attachmentId = c.req.param('attachmentId');
    if (!isWellFormedId(id) || !isWellFormedId(attachmentId)) {
      return respond.error(400, 'invalid_request');
    }
    const file = await leads.readAttachment(id, attachmentId);
    if (file === null) return respond.error(404, 'not_found');
    return new Response(new Uint8Array(file.content), {
      status: 200,
      headers: {
        ...deps.securityHeaders,
        ...STUDIO_HEADERS,
        // Never rendered by the browser, whatever the sender said it was.
        'content-type': 'application/octet-stream',
        'x-content-type-options': 'nosniff',
        'content-disposition': attachmentDisposition(file.name),
      },
    });
  });

  router.get('/leads/waiting', async () => {
    const waiting = await leads.listWaiting(WAITING_LIMIT);
    return respond.json(200, {
      items: waiting.map(({ enquiry, summary }) => ({ ...toEnquiryJson(enquiry), lead: summary })),
    });
  });

  return { router, changeLead };
}

function isSameValue(a: LeadValue | null, b: LeadValue | null): boolean {
  return a?.amount === b?.amount && a?.currency === b?.currency;
}

function describeValue(value: LeadValue | null): string {
  return value === null ? '-' : `${value.amount} ${value.currency}`;
}
