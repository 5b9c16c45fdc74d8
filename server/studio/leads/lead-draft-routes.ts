import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { isLeadDraftKind, LEAD_DRAFT_LENGTH } from '../../../common/lead-drafts';
import type { LeadDraftRepository } from '../../store/lead-drafts/lead-draft-repository';
import { isWellFormedId } from '../inbox/inbox-cursor';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioContext, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** The text exactly as typed, spaces and blank lines included: it is the person's, not ours. */
const DraftSchema = z.strictObject({ text: z.string() });

/**
 * GET leads/:id/drafts · PUT and DELETE leads/:id/drafts/:kind: the signed-in
 * person's half-written reply and note on a lead, kept on the server so they survive a closed
 * tab, an ended session and another device (docs/decisions/0076). Nobody sees another's.
 */
export function registerLeadDrafts(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  drafts: LeadDraftRepository,
): void {
  const { respond } = kit;
  const ownerOf = (c: StudioContext, enquiryId: string) => ({
    staffId: requireStaff(c).staffId,
    enquiryId,
  });

  app.get('/leads/:id/drafts', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    return respond.json(200, { items: await drafts.listDrafts(ownerOf(c, id)) });
  });

  app.put('/leads/:id/drafts/:kind', async (c) => {
    const id = c.req.param('id');
    const kind = c.req.param('kind');
    if (!isWellFormedId(id) || !isLeadDraftKind(kind)) return respond.error(400, 'invalid_request');
    const body = await readStudioBody(c.req.raw, DraftSchema, {
      limit: kit.config.bodyLimitBytes,
      respond,
    });
    if (!body.ok) return body.response;
    const { text } = body.value;
    if (text.length > LEAD_DRAFT_LENGTH[kind]) return respond.error(422, 'draft_too_long');
    const saved = await drafts.saveDraft(ownerOf(c, id), { kind, text, now: new Date(kit.now()) });
    if (saved === null) return respond.error(404, 'not_found');
    return respond.json(200, saved);
  });

  app.delete('/leads/:id/drafts/:kind', async (c) => {
    const id = c.req.param('id');
    const kind = c.req.param('kind');
    if (!isWellFormedId(id) || !isLeadDraftKind(kind)) return respond.error(400, 'invalid_request');
    await drafts.discardDraft(ownerOf(c, id), kind);
    return respond.empty();
  });
}
