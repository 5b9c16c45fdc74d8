import type { KyselyPlugin } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { openLoggedStore, type LoggedStore } from './helpers/logged-store';
import { saveEnquiries } from './helpers/store-fixtures';

const BRIEF = Buffer.from('%PDF-1.4 the brief');

/** Runs the next `write` as soon as the store's next query has answered, before it goes on. */
function createInterleaver(): {
  plugin: KyselyPlugin;
  nextWrite: (write: () => Promise<void>) => void;
} {
  let pending: (() => Promise<void>) | null = null;
  return {
    plugin: {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        const write = pending;
        pending = null;
        if (write !== null) await write();
        return result;
      },
    },
    nextWrite: (write) => {
      pending = write;
    },
  };
}

describe.each(BACKENDS)(
  'reading a lead while another instance stores an answer ($name)',
  (backend) => {
    let logged: LoggedStore | undefined;
    afterEach(() => logged?.dispose());

    it.skipIf(isUnavailable(backend))(
      'shows the lead as it was when the read began, and the answer whole, attachment and all, on the next read',
      async () => {
        const interleaver = createInterleaver();
        logged = await openLoggedStore(backend, [interleaver.plugin]);
        const other = await logged.openOther();
        const [enquiryId = ''] = await saveEnquiries(logged.store, 1);
        const email = (await logged.store.getEnquiry(enquiryId))?.email ?? '';

        interleaver.nextWrite(async () => {
          await other.leads.importMessage({
            messageId: `<${randomUUID()}@client.example>`,
            from: email,
            to: 'reply@emberandink.example',
            at: new Date(),
            subject: 'Re: Your enquiry to Ember & Ink',
            text: 'Here is the brief.',
            isTruncated: false,
            isVerified: true,
            attachments: [
              { name: 'brief.pdf', type: 'application/pdf', size: BRIEF.length, content: BRIEF },
            ],
            answers: [],
            rootEnquiryIds: [enquiryId],
            replyTokenHashes: [],
            bookingIds: [],
            isAnswerToUs: false,
            calendarReply: null,
          });
        });
        const during = (await logged.store.leads.readLeads([enquiryId])).get(enquiryId);
        expect(during?.thread).toEqual([]);

        const after = (await logged.store.leads.readLeads([enquiryId])).get(enquiryId);
        expect(after?.thread).toMatchObject([
          {
            text: 'Here is the brief.',
            attachments: [{ name: 'brief.pdf', type: 'application/pdf' }],
          },
        ]);
      },
    );
  },
);
