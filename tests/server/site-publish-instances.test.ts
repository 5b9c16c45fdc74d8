import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PUBLISHED_CHANNEL } from '../../server/store/site/publish-document';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { publishEdit, readPage, waitForPageWith } from './helpers/site-publishing';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type TestApp,
} from './helpers/start-test-app';
import { createSignedInStaff, studioTargetOf, uploadMedia } from './helpers/studio-session';

const postgres = BACKENDS[1]!;
/**
 * Long enough that only a notification (or a reconnection's own check) can be what delivers:
 * the mechanism is told by the instances' settings and logs, never by how long it took.
 */
const NO_RECONCILE_MS = 600_000;
const TEST_TIMEOUT_MS = 90_000;

type Uploaded = { sources: { url: string; type: string }[] };

describe.skipIf(isUnavailable(postgres))(
  'a publish reaches every instance on one PostgreSQL',
  () => {
    let kept: KeptStorage;
    let a: TestApp;
    let b: TestApp;
    const later: TestApp[] = [];
    let cookie: string;
    let marks = 0;

    beforeAll(async () => {
      kept = await createKeptStorage(postgres);
      const options = { storage: kept.storage, reconcileIntervalMs: NO_RECONCILE_MS };
      a = await startTestApp(postgres, {}, options);
      b = await startTestApp(postgres, {}, options);
      cookie = (await createSignedInStaff(studioTargetOf(a))).cookie;
    });
    afterAll(async () => {
      await Promise.all([a, b, ...later].map((app) => app?.close()));
      await kept?.remove();
    });

    const publishOnA = async (): Promise<string> => {
      marks += 1;
      const quote = `Published on A, number ${marks} at ${Date.now()}`;
      await publishEdit(studioTargetOf(a), cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });
      return `<blockquote>${quote}</blockquote>`;
    };

    /** Runs SQL on the shared database, past the store's own code. */
    async function onDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
      if (!('databaseUrl' in kept.storage)) throw new Error('Expected PostgreSQL storage');
      const client = new pg.Client({ connectionString: kept.storage.databaseUrl });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    }

    it(
      'serves a publish on A from B, told by a notification',
      async () => {
        const shown = await publishOnA();
        expect(await readPage(a.url)).toContain(shown);
        await waitForPageWith(b.url, shown);
        expect(b.logs.some((entry) => entry.msg === 'published page served')).toBe(true);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'catches up after its notification connection is cut, on reconnecting',
      async () => {
        const cut = await onDatabase(async (client) => {
          const result = await client.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = $1`,
            [`LISTEN ${SITE_PUBLISHED_CHANNEL}`],
          );
          return result.rowCount;
        });
        expect(cut).toBe(2);
        // Published while no instance listens: only the reconnection's own check can bring it.
        const shown = await publishOnA();
        await waitForPageWith(b.url, shown);
        expect(
          b.logs.some((entry) => entry.msg === 'lost the publish notifications; reconnecting'),
        ).toBe(true);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'serves the last publish from an instance started after it',
      async () => {
        const shown = await publishOnA();
        const late = await startTestApp(postgres, {}, { storage: kept.storage });
        later.push(late);
        expect(await readPage(late.url)).toContain(shown);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'makes up for a notification that never came, by its reconcile check',
      async () => {
        const late = later[0]!;
        const quote = `Changed without a notification at ${Date.now()}`;
        await onDatabase(async (client) => {
          const { rows } = await client.query<{ content: string }>(
            `select content from site_documents where kind = 'published'`,
          );
          const content = JSON.parse(rows[0]!.content) as {
            testimonials: { items: { quote: string }[] };
          };
          content.testimonials.items[0]!.quote = quote;
          await client.query(
            `update site_documents set content = $1, revision = $2 where kind = 'published'`,
            [JSON.stringify(content), `silent-${Date.now()}`],
          );
        });
        await waitForPageWith(late.url, `<blockquote>${quote}</blockquote>`);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'serves an image uploaded on A from B, byte for byte',
      async () => {
        const photo = await sharp({
          create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } },
        })
          .jpeg()
          .toBuffer();
        const upload = await uploadMedia(studioTargetOf(a), cookie, photo, 'harbour.jpg');
        expect(upload.status).toBe(201);
        const { sources } = (await upload.json()) as Uploaded;
        expect(sources.length).toBeGreaterThan(0);
        // Not yet on a published page: only signed-in staff may see it, on either instance.
        const asStaff = { headers: { cookie } };
        for (const source of sources) {
          const [fromA, fromB] = await Promise.all([
            fetch(`${a.url}${source.url}`, asStaff),
            fetch(`${b.url}${source.url}`, asStaff),
          ]);
          expect(fromB.status, source.url).toBe(200);
          expect(fromB.headers.get('content-type')).toBe(source.type);
          expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
            Buffer.from(await fromA.arrayBuffer()),
          );
        }
      },
      TEST_TIMEOUT_MS,
    );
  },
);
