import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachStore, saveEnquiries } from '../../../tests/server/helpers/store-fixtures';
import type { IncomingMessage } from './import-message';

/** An answer to the enquiry; what this file does not look at (a verified sender) left out. */
function answerTo(enquiryId: string, overrides: Partial<IncomingMessage>): IncomingMessage {
  const answer = {
    messageId: `<${randomUUID()}@client.example>`,
    from: 'visitor@example.com',
    to: 'reply@emberandink.example',
    at: new Date(),
    subject: 'Re: Your enquiry',
    text: 'Sounds good.',
    isTruncated: false,
    attachments: [],
    answers: [],
    rootEnquiryIds: [enquiryId],
    replyTokenHashes: [],
    bookingIds: [],
    isAnswerToUs: false,
    calendarReply: null,
    ...overrides,
  };
  return answer as IncomingMessage;
}

describeEachStore('text the sender could put in an answer', (subject) => {
  it('keeps an answer holding NUL bytes and lone surrogates, each shown as U+FFFD', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    const outcome = await subject.store.leads.importMessage(
      answerTo(id, {
        messageId: `<nul\0${randomUUID()}@client.example>`,
        from: 'visitor\0@example.com',
        subject: 'Hello\0there',
        text: 'Line one\0\uDC00 line two',
        attachments: [
          {
            name: '\uD800brief\0.pdf',
            type: 'application/pdf',
            size: 1,
            content: Buffer.from('x'),
          },
        ],
      }),
    );
    expect(outcome).toBe('stored');
    const [stored] = (await subject.store.leads.openLead(id))?.thread ?? [];
    expect(stored).toMatchObject({
      from: 'visitor\uFFFD@example.com',
      subject: 'Hello\uFFFDthere',
      text: 'Line one\uFFFD\uFFFD line two',
      attachments: [{ name: '\uFFFDbrief\uFFFD.pdf' }],
    });
  });

  it('stores an answer with a Message-ID too long to index once, and threads the answer to it', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    const long = `<${randomUUID().repeat(100)}@client.example>`;
    const first = answerTo(id, { messageId: long, text: 'First.' });
    expect(await subject.store.leads.importMessage(first)).toBe('stored');
    expect(await subject.store.leads.importMessage(first)).toBe('duplicate');
    const next = answerTo(id, { answers: [long], rootEnquiryIds: [], text: 'Second.' });
    expect(await subject.store.leads.importMessage(next)).toBe('stored');
    const thread = (await subject.store.leads.openLead(id))?.thread ?? [];
    expect(thread.map((message) => message.text)).toEqual(['First.', 'Second.']);
  });
});
