import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { rollUpAndPurge } from '../../server/audience/roll-up';
import type { Traffic } from '../../server/store/audience/traffic-reads';
import { viewOn } from './helpers/audience-views';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { incomingAnswer } from './helpers/incoming-answer';
import { openLoggedStore, type LoggedStore } from './helpers/logged-store';
import { saveEnquiries } from './helpers/store-fixtures';

const BRIEF = Buffer.from('%PDF-1.4 the brief');
const DAY = '2026-03-01';
const VIEWS = 3;

/** Runs the next `write` as soon as the store's next query has answered, before it goes on. */
function createInterleaver(): {
  plugin: KyselyPlugin;
  nextWrite: (write: () => Promise<unknown>) => void;
} {
  let pending: (() => Promise<unknown>) | null = null;
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

/** The day's page views as the Audience page adds them up: from its roll-up and its raw rows. */
const pageviewsOf = ({ rollups, rawViews }: Traffic) =>
  [...rollups.views, ...rawViews]
    .filter((entry) => entry.day === DAY && entry.kind === 'total')
    .reduce((sum, entry) => sum + entry.pageviews, 0);

describe.each(BACKENDS)('reads while another instance writes ($name)', (backend) => {
  const interleaver = createInterleaver();
  let logged: LoggedStore | undefined;
  afterEach(() => logged?.dispose());

  const open = async () => {
    logged = await openLoggedStore(backend, [interleaver.plugin]);
    return { store: logged.store, other: await logged.openOther() };
  };

  it.skipIf(isUnavailable(backend))(
    'a lead shows as it was when the read began, and an answer stored meanwhile shows whole on the next read',
    async () => {
      const { store, other } = await open();
      const [enquiryId = ''] = await saveEnquiries(store, 1);
      const email = (await store.getEnquiry(enquiryId))?.email ?? '';

      interleaver.nextWrite(() =>
        other.leads.importMessage(
          incomingAnswer({
            from: email,
            text: 'Here is the brief.',
            attachments: [
              { name: 'brief.pdf', type: 'application/pdf', size: BRIEF.length, content: BRIEF },
            ],
            rootEnquiryIds: [enquiryId],
          }),
        ),
      );
      const during = (await store.leads.readLeads([enquiryId])).get(enquiryId);
      expect(during?.thread).toEqual([]);

      const after = (await store.leads.readLeads([enquiryId])).get(enquiryId);
      expect(after?.thread).toMatchObject([
        {
          text: 'Here is the brief.',
          attachments: [{ name: 'brief.pdf', type: 'application/pdf' }],
        },
      ]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    "the Audience's figures count a day once while its roll-up commits between two of the reads",
    async () => {
      const { store, other } = await open();
      await store.audience.recordViews(
        Array.from({ length: VIEWS }, (_, index) => viewOn(DAY, { visitor: `visitor-${index}` })),
        new Map(),
      );

      interleaver.nextWrite(() =>
        rollUpAndPurge(other.audience, 10_000, new Date(`2026-03-02T01:00:00.000Z`)),
      );
      const during = await store.audience.readTraffic(DAY, DAY);
      expect(pageviewsOf(during)).toBe(VIEWS);
      expect(during.rollups.days.has(DAY)).toBe(false);

      const after = await store.audience.readTraffic(DAY, DAY);
      expect(pageviewsOf(after)).toBe(VIEWS);
      expect(after.rollups.days.has(DAY)).toBe(true);
    },
  );
});
