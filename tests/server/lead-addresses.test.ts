import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadNote } from '../../common/leads';
import type { EnquiryDetail, EnquiryPage } from '../../common/studio-inbox';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';

const JSON_HEADERS = { 'content-type': 'application/json' };
const STUDIO = '/api/studio';

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe.each(INBOX_BACKENDS)("a lead's addresses ($name)", ({ name, createFixture }) => {
  let app: InboxApp;

  beforeEach(async () => {
    app = await startInboxApp({ name, createFixture });
  });
  afterEach(() => app.close());

  /** Where the server sends `path`, without following it. */
  const whereTo = async (path: string, init: RequestInit = {}) => {
    const response = await app.call(path, { ...init, redirect: 'manual' });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get('location') };
  };

  /** A person's first enquiry and a second one from the same address, which joins its lead. */
  async function onePersonTwice(): Promise<{ lead: string; joined: string }> {
    const email = `mia.${randomUUID()}@example.com`;
    const lead = await app.receive({ email, message: 'A new brand for our bakery, please.' });
    const joined = await app.receive({ email, message: 'Also: could we talk on Tuesday?' });
    return { lead, joined };
  }

  it('sends every older address of a lead, with a first or a joined enquiry, to the lead', async () => {
    const { lead, joined } = await onePersonTwice();

    expect(await whereTo(`enquiries/${lead}`)).toEqual({
      status: 308,
      location: `${STUDIO}/leads/${lead}`,
    });
    expect(await whereTo(`enquiries/${joined}`)).toEqual({
      status: 308,
      location: `${STUDIO}/leads/${lead}`,
    });
    expect(await whereTo(`enquiries/${joined}/drafts`)).toEqual({
      status: 308,
      location: `${STUDIO}/leads/${lead}/drafts`,
    });
    expect(await whereTo('enquiries?stage=new&owner=me')).toEqual({
      status: 308,
      location: `${STUDIO}/leads?stage=new&owner=me`,
    });
    // A joined enquiry is no lead of its own, whichever address names it.
    expect(await whereTo(`leads/${joined}`)).toEqual({
      status: 308,
      location: `${STUDIO}/leads/${lead}`,
    });

    const opened = await json<EnquiryDetail>(await app.call(`enquiries/${joined}`));
    expect(opened.id).toBe(lead);
    expect(opened.thread.map((message) => message.text)).toContain(
      'Also: could we talk on Tuesday?',
    );
  });

  it("writes a note and a change sent to a joined enquiry's address on the lead", async () => {
    const { lead, joined } = await onePersonTwice();

    const note = await json<LeadNote>(
      await app.call(`enquiries/${joined}/notes`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ text: 'Prefers mornings.' }),
      }),
      201,
    );
    await json(
      await app.call(`leads/${joined}`, {
        method: 'PATCH',
        headers: JSON_HEADERS,
        body: JSON.stringify({ stage: 'proposal' }),
      }),
    );

    const opened = await json<EnquiryDetail>(await app.call(`leads/${lead}`));
    expect(opened.notes.map((each) => each.id)).toEqual([note.id]);
    expect(opened.stage).toBe('proposal');
    const inbox = await json<EnquiryPage>(await app.call('leads'));
    expect(inbox.items.filter((item) => item.email === opened.email)).toHaveLength(1);
  });

  it('refuses what names no lead, and changes nothing', async () => {
    const { lead } = await onePersonTwice();
    expect((await whereTo(`enquiries/${randomUUID()}`)).status).toBe(404);
    expect((await whereTo(`enquiries/${randomUUID()}/notes`, { method: 'POST' })).status).toBe(404);
    expect((await whereTo('enquiries/not-an-id')).status).toBe(400);
    expect((await whereTo('enquiries/not-an-id/replies', { method: 'POST' })).status).toBe(400);
    expect((await whereTo(`leads/${randomUUID()}`)).status).toBe(404);
    const opened = await json<EnquiryDetail>(await app.call(`leads/${lead}`));
    expect(opened.notes).toEqual([]);
  });
});
