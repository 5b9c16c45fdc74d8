import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonDetail, PersonMatch } from '../../common/people';
import type { EnquiryDetail } from '../../common/studio-inbox';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';

const JSON_HEADERS = { 'content-type': 'application/json' };

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe.each(INBOX_BACKENDS)('a person and their leads ($name)', ({ name, createFixture }) => {
  let app: InboxApp;

  beforeEach(async () => {
    app = await startInboxApp({ name, createFixture });
  });
  afterEach(() => app.close());

  const lead = (id: string) => app.call(`leads/${id}`).then((r) => json<EnquiryDetail>(r));
  const change = (id: string, body: unknown) =>
    app
      .call(`leads/${id}`, { method: 'PATCH', headers: JSON_HEADERS, body: JSON.stringify(body) })
      .then((response) => json(response));

  it('gathers every lead of one person, what they won and when each closed, and finds them by name', async () => {
    const email = `mia.${randomUUID().slice(0, 8)}@Example.com`;
    const first = await app.receive({ name: 'Mia Wong', email, message: 'A new brand, please.' });
    await app.receive({ name: 'Mia Wong', email, message: 'And a website.' });
    await change(first, { stage: 'won', value: { amount: 12000, currency: 'GBP' } });
    const again = await app.receive({ name: 'Mia Wong', email, message: 'Back for more.' });
    expect(again).not.toBe(first);

    const { person } = await lead(again);
    expect(person).toMatchObject({ name: 'Mia Wong', email });
    expect((await lead(first)).person?.id).toBe(person?.id);

    const detail = await json<PersonDetail>(await app.call(`people/${person?.id ?? ''}`));
    expect(detail.leads.map(({ id, stage }) => [id, stage])).toEqual([
      [again, 'new'],
      [first, 'won'],
    ]);
    expect(detail.leads[1]?.value).toEqual({ amount: 12000, currency: 'GBP' });
    expect(detail.leads[1]?.closedAt).not.toBeNull();
    expect(detail.leads[0]?.closedAt).toBeNull();
    expect(detail.won).toEqual([{ amount: 12000, currency: 'GBP' }]);
    expect(detail.subscriber).toBeNull();
    expect(detail.calls).toEqual([]);

    const found = await json<{ items: PersonMatch[] }>(await app.call('people?q=mia%20WONG'));
    expect(found.items).toEqual([{ id: person?.id, name: 'Mia Wong', email, leads: 2 }]);
    const none = await json<{ items: PersonMatch[] }>(await app.call('people?q=nobody%25'));
    expect(none.items).toEqual([]);
  });

  it('refuses what names no person, and forgets the person with their enquiries', async () => {
    const email = `leo.${randomUUID().slice(0, 8)}@example.com`;
    const id = await app.receive({ name: 'Leo Park', email });
    const { person } = await lead(id);

    expect((await app.call(`people/${randomUUID()}`)).status).toBe(404);
    expect((await app.call('people/not-an-id')).status).toBe(400);
    expect((await app.call('people')).status).toBe(400);
    expect((await app.call(`people?q=${'a'.repeat(201)}`)).status).toBe(400);

    await app.store.forgetPerson(email);
    expect((await app.call(`people/${person?.id ?? ''}`)).status).toBe(404);
    const found = await json<{ items: PersonMatch[] }>(await app.call('people?q=leo'));
    expect(found.items.filter((item) => item.email === email)).toEqual([]);
  });
});
