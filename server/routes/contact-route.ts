import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { IDEMPOTENCY_HEADER } from '../../common/endpoints';
import { ALTCHA_FIELD, MIN_FILL_MS } from '../../common/challenge';
import { ContactRequestSchema, HONEYPOT_FIELD, type ContactRequest } from '../../common/contact';
import { SENT_PAGES } from '../../common/form-page';
import type { AttributeVisit } from '../audience/attribute-visit';
import type { PauseAt } from '../fault-injection';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import type { Challenges } from '../spam/challenges';
import { judgeSubmission } from '../spam/spam-verdict';
import type { Store } from '../store/store';
import type { StudioSender } from '../store/enquiries/enquiry-types';
import { guardApiRequest, refuse, senderOf, type GuardDeps } from './api-guard';

export type ContactDeps = GuardDeps & {
  store: Store;
  /** Only verified here: the enquiry spends its solution in its own transaction. */
  challenges: Pick<Challenges, 'verify'>;
  onEnquiryStored: () => void;
  /** Keeps the visit the enquiry came from with it (the audience). */
  attributeEnquiry: AttributeVisit;
  /** Where the studio's acknowledgement of the enquiry comes from, when it sends one. */
  sender: StudioSender;
  log: Log;
  now: () => number;
  /** Holds the answer after the commit when a crash test asks for it; otherwise does nothing. */
  pauseAt: PauseAt;
};

const REPLAYED = { state: 'replayed', issuedAt: null } as const;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;
const USER_AGENT_MAX = 512;

/**
 * Hash of the parsed, normalised fields, so whitespace or key order do not make a retry
 * "different". The solution is left out: each attempt carries a fresh one.
 */
function hashBody(request: ContactRequest): string {
  const normalised = [
    request.name,
    request.email,
    request.service,
    request.message,
    request[HONEYPOT_FIELD] ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
}

/** The visitor's own values, to show the form again; never anything but strings. */
function valuesOf(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function createContactHandler(deps: ContactDeps): (c: Context<AppEnv>) => Promise<Response> {
  const { respond, store, forms } = deps;
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const { kind } = guarded;
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return refuse(deps, kind, 400, 'bad_idempotency_key');
    }
    const parsed = ContactRequestSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      if (kind === 'form') {
        const values = valuesOf(guarded.body);
        const page = {
          kind: 'contact',
          values,
          fieldErrors,
          error: 'invalid_fields',
        } as const;
        return forms.page(422, page);
      }
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    const { [HONEYPOT_FIELD]: honeypot, [ALTCHA_FIELD]: solution, ...message } = parsed.data;
    const challenge = await deps.challenges.verify(solution);
    const submission = {
      honeypot,
      message: message.message,
      minFillMs: MIN_FILL_MS.contact,
      now: deps.now(),
    };
    const verdict = judgeSubmission({ ...submission, challenge });
    const result = await store.saveEnquiry({
      message,
      isSpam: verdict.isSpam,
      // Spent in the enquiry's own transaction: the check costs no round trip of its own.
      challenge: challenge.state === 'solved' ? challenge.claim : null,
      clientIp: guarded.ip,
      userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
      idempotency: key === null ? null : { key, bodyHash: hashBody(parsed.data) },
      sender: deps.sender,
    });
    if (result.kind === 'conflict') {
      return refuse(deps, kind, 422, 'idempotency_conflict');
    }
    if (result.kind === 'created') {
      // A solution spent before (here or on another instance) is judged as a replay, with the
      // reasons a check that spent it first would have given.
      const { reasons } = result.isSolutionReplayed
        ? judgeSubmission({ ...submission, challenge: REPLAYED })
        : verdict;
      deps.log('info', 'enquiry stored', {
        id: result.id,
        spam: result.isSpam,
        reasons: reasons.join(',') || undefined,
      });
      if (!result.isSpam) {
        deps.onEnquiryStored();
        await deps.attributeEnquiry(result.leadId, senderOf(c, guarded.ip));
      }
      await deps.pauseAt('after-commit', { id: result.id });
    }
    // Spam gets the same answer as a real enquiry, so a bot learns nothing from it.
    if (kind === 'form') return forms.seeOther(SENT_PAGES.contact);
    return respond(201, { success: true, id: result.id });
  };
}
