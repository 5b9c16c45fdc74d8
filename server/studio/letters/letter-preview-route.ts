import type { Hono } from 'hono';
import { LETTER_BODY_MAX, type LetterPreview } from '../../../common/letters';
import { composeLetterEmail } from '../../letters/compose-letter-email';
import { senderDomain } from '../../mail/compose-enquiry-email';
import { unsubscribeUrl } from '../../newsletter/newsletter-links';
import { readStudioBody } from '../read-studio-body';
import type { StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { LETTER_DRAFT_BYTES_MAX, LetterDraftSchema } from './letter-draft-schema';

/** The draft being previewed is one letter to the cache: each preview replaces the last. */
const PREVIEW_LETTER = { id: 'preview', slug: 'preview' };

/**
 * POST letters/preview: the email a draft would make, as a subscriber's mail client would show
 * it, for the studio's live preview. Staff of either role; nothing is stored or sent.
 */
export function registerLetterPreview(app: Hono<StudioEnv>, kit: StudioKit): void {
  const { siteOrigin, mailFrom } = kit.config;
  app.post('/letters/preview', async (c) => {
    const body = await readStudioBody(c.req.raw, LetterDraftSchema, {
      limit: LETTER_DRAFT_BYTES_MAX,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const draft = body.value;
    if (draft.body.length > LETTER_BODY_MAX) return kit.respond.error(413, 'too_large');
    const email = composeLetterEmail({
      letter: {
        ...PREVIEW_LETTER,
        subject: draft.subject,
        preview: draft.preview ?? '',
        body: draft.body,
      },
      recipient: { subscriberId: 'preview', email: '' },
      siteUrl: siteOrigin,
      mailDomain: senderDomain(mailFrom),
      unsubscribeUrl: unsubscribeUrl(siteOrigin, 'preview'),
    });
    const preview: LetterPreview = { html: email.html, text: email.text };
    return kit.respond.json(200, preview);
  });
}
