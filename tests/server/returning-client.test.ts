import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadSummary } from '../../common/leads';
import type { EnquiryDetail } from '../../common/studio-inbox';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';

const ANA = 'ana@emberandink.example';
const FAY = { name: 'Fay Lin', email: 'fay@example.com' };

describe.each(INBOX_BACKENDS)('a returning client ($name)', (backend) => {
  let app: InboxApp;
  beforeEach(async () => {
    app = await startInboxApp(backend);
    await app.store.auth.createStaff(ANA, new Date(), { name: 'Ana Reyes', role: 'member' });
  });
  afterEach(() => app?.close());

  const noticesTo = (address: string) =>
    app.mail.received.filter(
      (mail) =>
        mail.subject === `A returning client: ${FAY.name}` &&
        mail.to !== undefined &&
        !Array.isArray(mail.to) &&
        mail.to.value.some((entry) => entry.address === address),
    );

  async function summaryOf(id: string): Promise<LeadSummary | undefined> {
    const response = await app.call('enquiries?limit=50');
    const page = (await response.json()) as { items: { id: string; lead?: LeadSummary }[] };
    return page.items.find((item) => item.id === id)?.lead;
  }

  it('is shown as returning and their last lead’s owner is told, once', async () => {
    const first = await app.receive(FAY);
    await app.store.leads.changeLead(first, { owner: ANA, stage: 'lost' }, new Date());

    const again = await app.receive(FAY);
    expect(again).not.toBe(first);
    await expect.poll(() => noticesTo(ANA).length).toBe(1);
    const [notice] = noticesTo(ANA);
    expect(notice?.text).toContain(`https://emberandink.example/studio?view=enquiry&id=${again}`);
    expect(notice?.messageId).toMatch(/^<lead-returned-[\w-]+@emberandink\.example>$/);

    const detail = (await (await app.call(`enquiries/${again}`)).json()) as EnquiryDetail;
    expect(detail.isReturning).toBe(true);
    expect((await summaryOf(again))?.isReturning).toBe(true);
    expect((await summaryOf(first))?.isReturning).toBe(false);
    const earlier = (await (await app.call(`enquiries/${first}`)).json()) as EnquiryDetail;
    expect(earlier.isReturning).toBe(false);

    // Writing again to the open lead joins it: nobody is told a second time.
    await app.receive(FAY);
    await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
    expect(noticesTo(ANA)).toHaveLength(1);
  });

  it('tells nobody when the client had no closed lead before', async () => {
    const first = await app.receive(FAY);
    await app.store.leads.changeLead(first, { owner: ANA }, new Date());
    await app.receive(FAY);
    await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
    expect(noticesTo(ANA)).toEqual([]);
    expect((await summaryOf(first))?.isReturning).toBe(false);
  });
});
