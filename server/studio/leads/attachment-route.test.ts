import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../http/app-env';
import { createReplyThreads } from '../../mail/reply-threads';
import type { LeadRepository } from '../../store/leads/lead-repository';
import { createStudioResponder } from '../studio-responses';
import { createLeadRoutes } from './lead-routes';

const ENQUIRY = randomUUID();
const ATTACHMENT = randomUUID();

/** The download route over a store holding one attachment named `name`, as it was stored. */
function downloadNamed(name: string): Promise<Response> {
  const leads = {
    readAttachment: () =>
      Promise.resolve({ name, type: 'application/pdf', content: Buffer.from('%PDF') }),
  } as Partial<LeadRepository> as LeadRepository;
  const { router } = createLeadRoutes<AppEnv>({
    leads,
    respond: createStudioResponder({}),
    securityHeaders: {},
    replyThreads: createReplyThreads({ secret: 'x'.repeat(32), replyAddress: 'reply@a.example' }),
    mailFrom: 'website@a.example',
    replyFrom: 'hello@a.example',
    readSender: () => Promise.resolve({ name: 'Ana', signature: '' }),
    readLocale: () => Promise.resolve('en-US'),
    timeZone: 'UTC',
    isStaff: () => Promise.resolve(true),
    staffEmail: () => 'ana@a.example',
    audit: () => Promise.resolve(),
    nudgeOutbox: () => undefined,
    bodyLimitBytes: 1024,
    now: Date.now,
  });
  return Promise.resolve(router.request(`/leads/${ENQUIRY}/attachments/${ATTACHMENT}`));
}

describe('downloading an attachment', () => {
  it('answers 200 for a name holding half a surrogate pair, with U+FFFD in its place', async () => {
    const response = await downloadNamed('\uD800.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="_.pdf"; filename*=UTF-8''%EF%BF%BD.pdf`,
    );
    expect(await response.text()).toBe('%PDF');
  });

  it('cuts a long name to 150 characters, keeping its extension', async () => {
    const response = await downloadNamed(`${'é'.repeat(400)}.pdf`);
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(`${'é'.repeat(146)}.pdf`);
    expect(disposition).toContain(`filename="${'_'.repeat(146)}.pdf"`);
  });

  it('keeps a whole emoji, never half of one, and no path', async () => {
    const response = await downloadNamed('../🎨 brief.pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="..___ brief.pdf"; filename*=UTF-8''.._%F0%9F%8E%A8%20brief.pdf`,
    );
  });
});
