import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { toFieldErrors } from '../../common/api';
import { IDEMPOTENCY_HEADER } from '../../common/endpoints';
import { ContactRequestSchema, HONEYPOT_FIELD, type ContactRequest } from '../../common/contact';
import type { PauseAt } from '../fault-injection';
import type { AppEnv } from '../http/app-env';
import type { Log } from '../log';
import type { Store } from '../store/store';
import { guardApiRequest, type GuardDeps } from './api-guard';

export type ContactDeps = GuardDeps & {
  store: Store;
  onEnquiryStored: () => void;
  log: Log;
  /** Holds the answer after the commit when a crash test asks for it; otherwise does nothing. */
  pauseAt: PauseAt;
};

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,200}$/;
const USER_AGENT_MAX = 512;

/** Hash of the parsed, normalised fields, so whitespace or key order do not make a retry "different". */
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

export function createContactHandler(deps: ContactDeps): (c: Context<AppEnv>) => Promise<Response> {
  const { respond, store } = deps;
  return async (c) => {
    const guarded = await guardApiRequest(c, deps);
    if (!guarded.ok) return guarded.response;
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
    if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
      return respond(400, { success: false, error: 'bad_idempotency_key' });
    }
    const parsed = ContactRequestSchema.safeParse(guarded.body);
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      return respond(422, { success: false, error: 'invalid_fields', fieldErrors });
    }
    const { [HONEYPOT_FIELD]: honeypot, ...message } = parsed.data;
    const isSpam = (honeypot ?? '').trim() !== '';
    const result = await store.saveEnquiry({
      message,
      isSpam,
      clientIp: guarded.ip,
      userAgent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
      idempotency: key === null ? null : { key, bodyHash: hashBody(parsed.data) },
    });
    if (result.kind === 'conflict') {
      return respond(422, { success: false, error: 'idempotency_conflict' });
    }
    if (result.kind === 'created') {
      deps.log('info', 'enquiry stored', { id: result.id, spam: isSpam });
      if (!isSpam) deps.onEnquiryStored();
      await deps.pauseAt('after-commit', { id: result.id });
    }
    // Spam gets the same answer as a real enquiry, so a bot learns nothing from it.
    return respond(201, { success: true, id: result.id });
  };
}
