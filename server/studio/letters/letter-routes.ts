import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { LETTER_BODY_MAX, type LetterDraft } from '../../../common/letters';
import type { LetterMail } from '../../letters/letter-mail';
import type { Log } from '../../log';
import { redactAddresses } from '../../mail/redact-addresses';
import { readJsonBody } from '../../routes/read-request-body';
import type { LetterChange, LetterControl, LetterDrafts } from '../../store/letters/letter-types';
import { ENVELOPE_ERRORS } from '../read-studio-body';
import { requireStaff, type StudioContext, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { LETTER_DRAFT_BYTES_MAX, LetterDraftSchema } from './letter-draft-schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `at`: an ISO 8601 date and time with its offset (`Z` or `±hh:mm`), a day that exists. */
const SendSchema = z.object({ at: z.optional(z.iso.datetime({ offset: true })) });

const CONTROLS: readonly LetterControl[] = ['pause', 'resume', 'cancel'];

/** The audit events of the send controls (DESIGN.md, "Letters (names)"). */
const AUDIT_EVENT: Record<LetterControl | 'send', string> = {
  send: 'letter.send',
  pause: 'letter.pause',
  resume: 'letter.resume',
  cancel: 'letter.cancel',
};

/**
 * GET/POST letters · GET/PATCH/DELETE letters/:id · POST letters/:id/send, …/pause, …/resume,
 * …/cancel, …/test. Staff of either role write drafts and send themselves a test; only owners
 * send, pause, resume and cancel (403 `forbidden` for members), each audited. A change the
 * letter's state does not allow is 409 and changes nothing.
 */
export function registerLetterRoutes(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  deps: { letters: LetterDrafts; mail: LetterMail; log: Log },
): void {
  const { respond } = kit;
  const { letters, mail, log } = deps;
  const now = () => new Date(kit.now());

  const isOwner = async (c: StudioContext): Promise<boolean> =>
    (await kit.auth.findStaffById(requireStaff(c).staffId))?.role === 'owner';

  /** The letter's id from the path; null for anything that is not a UUID (400, as everywhere). */
  const idOf = (c: StudioContext): string | null => {
    const id = c.req.param('id') ?? '';
    return UUID.test(id) ? id : null;
  };
  const badId = () => respond.error(400, 'invalid_request');

  async function readDraft(c: StudioContext): Promise<LetterDraft | Response> {
    const body = await readJsonBody(c.req.raw, LETTER_DRAFT_BYTES_MAX);
    if (!body.ok) return respond.error(body.status, ENVELOPE_ERRORS[body.status]);
    const value = body.value as { body?: unknown } | null;
    if (typeof value?.body === 'string' && value.body.length > LETTER_BODY_MAX) {
      return respond.error(413, 'too_large');
    }
    const parsed = LetterDraftSchema.safeParse(body.value);
    return parsed.success ? parsed.data : respond.error(400, 'invalid_request');
  }

  function refused(
    change: Exclude<LetterChange<unknown>, { kind: 'done' }>,
    code: 'not_a_draft' | 'invalid_state',
  ) {
    return change.kind === 'not-found'
      ? respond.error(404, 'not_found')
      : respond.json(409, { success: false, error: code, state: change.state });
  }

  app.get('/letters', async () => respond.json(200, { items: await letters.listLetters() }));

  app.post('/letters', async (c) => {
    const draft = await readDraft(c);
    if (draft instanceof Response) return draft;
    const letter = await letters.createDraft(draft, requireStaff(c).email, now());
    return respond.json(201, { id: letter.id, slug: letter.slug, state: 'draft' });
  });

  app.get('/letters/:id', async (c) => {
    const id = idOf(c);
    if (id === null) return badId();
    const letter = await letters.readLetter(id);
    return letter === null ? respond.error(404, 'not_found') : respond.json(200, letter);
  });

  app.patch('/letters/:id', async (c) => {
    const id = idOf(c);
    if (id === null) return badId();
    const draft = await readDraft(c);
    if (draft instanceof Response) return draft;
    const change = await letters.updateDraft(id, draft, now());
    return change.kind === 'done'
      ? respond.json(200, change.value)
      : refused(change, 'not_a_draft');
  });

  app.delete('/letters/:id', async (c) => {
    const id = idOf(c);
    if (id === null) return badId();
    const deleted = await letters.deleteDraft(id);
    return deleted.kind === 'done' ? respond.empty() : refused(deleted, 'not_a_draft');
  });

  app.post('/letters/:id/send', async (c) => {
    if (!(await isOwner(c))) return respond.error(403, 'forbidden');
    const id = idOf(c);
    if (id === null) return badId();
    // "Send now" may come without a body, as pause and resume do.
    const isEmpty = c.req.raw.body === null || c.req.header('content-length') === '0';
    const body = isEmpty
      ? { ok: true as const, value: {} }
      : await readJsonBody(c.req.raw, kit.config.bodyLimitBytes);
    if (!body.ok) return respond.error(body.status, ENVELOPE_ERRORS[body.status]);
    const parsed = SendSchema.safeParse(body.value);
    if (!parsed.success) return respond.error(400, 'invalid_request');
    const at = parsed.data.at === undefined ? null : new Date(parsed.data.at);
    const started = now();
    if (at !== null && !(at.getTime() > started.getTime())) {
      return respond.error(400, 'invalid_request');
    }
    const letter = await letters.readLetter(id);
    if (letter?.body.trim() === '') {
      return respond.json(409, { success: false, error: 'empty_letter', state: letter.state });
    }
    const change = await letters.startSending(id, at, started);
    if (change.kind !== 'done') return refused(change, 'not_a_draft');
    const { state, recipients } = change.value;
    const when = at === null ? 'now' : `at ${at.toISOString()}`;
    await kit.audit(
      c,
      AUDIT_EVENT.send,
      requireStaff(c).email,
      `${id} ${when}, ${recipients} recipients`,
    );
    if (state === 'sending') mail.nudge();
    return respond.json(202, change.value);
  });

  for (const control of CONTROLS) {
    app.post(`/letters/:id/${control}`, async (c) => {
      if (!(await isOwner(c))) return respond.error(403, 'forbidden');
      const id = idOf(c);
      if (id === null) return badId();
      const change = await letters.controlLetter(id, control, now());
      if (change.kind !== 'done') return refused(change, 'invalid_state');
      await kit.audit(c, AUDIT_EVENT[control], requireStaff(c).email, id);
      if (change.value === 'sending') mail.nudge();
      return respond.json(200, { state: change.value });
    });
  }

  app.post('/letters/:id/test', async (c) => {
    const id = idOf(c);
    if (id === null) return badId();
    const letter = await letters.readLetter(id);
    if (letter === null) return respond.error(404, 'not_found');
    const { email } = requireStaff(c);
    // Answered at once: the copy goes through the SMTP server at its own pace.
    void mail.sendTest(letter, email).then(
      (result) => {
        if (result.outcome !== 'sent') {
          log('warn', 'a test copy of a letter was not sent', {
            letter: letter.id,
            reason: redactAddresses(result.reason),
          });
        }
      },
      (error: unknown) => {
        log('error', 'a test copy of a letter was not sent', {
          letter: letter.id,
          reason: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return respond.json(202, { to: email });
  });
}
