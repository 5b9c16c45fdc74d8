import type { Hono } from 'hono';
import { SavedRepliesSchema } from '../../../common/saved-replies';
import type { SavedReplyRepository } from '../../store/saved-replies/saved-reply-repository';
import { readStudioBody } from '../read-studio-body';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/**
 * GET saved-replies · PUT saved-replies: the reply box's menu, shared by all staff. A PUT
 * replaces the whole list (it is short and edited in one form); a refused one changes nothing.
 */
export function registerSavedReplies(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  savedReplies: SavedReplyRepository,
): void {
  app.get('/saved-replies', async () =>
    kit.respond.json(200, { items: await savedReplies.listSavedReplies() }),
  );

  app.put('/saved-replies', async (c) => {
    const body = await readStudioBody(c.req.raw, SavedRepliesSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const { items } = body.value;
    await savedReplies.replaceSavedReplies(items);
    const titles = items.map(({ title }) => title).join(', ');
    await kit.audit(c, 'lead.saved_replies', requireStaff(c).email, `${items.length}: ${titles}`);
    return kit.respond.json(200, { items });
  });
}
