import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonDetail } from '../../common/people';
import type { EnquiryDetail } from '../../common/studio-inbox';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { insertLetter, runSql } from './helpers/letter-rows';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { MESSAGE, newEnquiry } from './helpers/store-fixtures';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`a person's letters (${backend.name})`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app?.close());

    it('lists the letters that left for their subscription, newest first, and no other', async () => {
      const email = `mia.${randomUUID().slice(0, 8)}@example.com`;
      await app.store.subscribe(email);
      const subscriberId = (await app.store.listSubscribers()).find(
        (subscriber) => subscriber.email === email,
      )?.id;
      const saved = await app.store.saveEnquiry(newEnquiry({ message: { ...MESSAGE, email } }));
      if (saved.kind !== 'created' || subscriberId === undefined) throw new Error('not saved');

      const copies = [
        { slug: 'winter-notes', state: 'sent', sentAt: '2026-01-10T09:00:00.000Z' },
        { slug: 'spring-notes', state: 'bounced', sentAt: '2026-04-02T09:00:00.000Z' },
        { slug: 'summer-notes', state: 'waiting', sentAt: null },
      ];
      for (const copy of copies) {
        const letterId = randomUUID();
        await insertLetter(app.config, {
          id: letterId,
          slug: copy.slug,
          subject: `Subject of ${copy.slug}`,
          body: 'Hello.',
          state: copy.sentAt === null ? 'sending' : 'sent',
          sentAt: copy.sentAt,
        });
        await runSql(
          app.config,
          'insert into letter_recipients (letter_id, subscriber_id, state, attempts, sent_at) values (?, ?, ?, 1, ?)',
          [letterId, subscriberId, copy.state, copy.sentAt],
        );
      }

      const target = studioTargetOf(app);
      const { cookie } = await createSignedInStaff(target);
      const lead = (await (
        await studioFetch(target, `/leads/${saved.leadId}`, { cookie })
      ).json()) as EnquiryDetail;
      const response = await studioFetch(target, `/people/${lead.person?.id ?? ''}`, { cookie });
      expect(response.status).toBe(200);
      const person = (await response.json()) as PersonDetail;
      expect(person.subscriber).toEqual({
        status: 'pending',
        letters: [
          {
            subject: 'Subject of spring-notes',
            slug: 'spring-notes',
            sentAt: '2026-04-02T09:00:00.000Z',
          },
          {
            subject: 'Subject of winter-notes',
            slug: 'winter-notes',
            sentAt: '2026-01-10T09:00:00.000Z',
          },
        ],
      });
    });
  });
}
