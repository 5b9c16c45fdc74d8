import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { startRecordingSmtpSink, type RecordingSmtpSink } from '../proof/crash/recording-smtp-sink';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { writeFixtureSite } from './helpers/fixture-site';
import { readTestDatabaseUrl } from './helpers/backends';
import { createPostgresDatabase } from '../support/postgres-database';

const adminUrl = readTestDatabaseUrl();
const ENQUIRIES = 200;
const CONCURRENCY = 10;
const DRAIN_DEADLINE_MS = 90_000;

/** How many emails this instance reports having sent, from its own log. */
function emailsSentBy(server: ServerProcess): number {
  return server.logs.filter(
    (entry) => typeof entry.msg === 'string' && / emailed \(/.test(entry.msg),
  ).length;
}

describe.skipIf(adminUrl === undefined)('two instances on one PostgreSQL', () => {
  let root: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sink: RecordingSmtpSink;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-two-'));
    database = await createPostgresDatabase(adminUrl ?? '');
    sink = await startRecordingSmtpSink();
    const distDir = await writeFixtureSite(root);
    servers = await Promise.all(
      ['a', 'b'].map((name) =>
        startServerProcess(
          {
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: path.join(root, `data-${name}`),
            DIST_DIR: distDir,
            DATABASE_URL: database.url,
            SMTP_URL: sink.url,
            SITE_URL: 'https://emberandink.example',
            RATE_LIMIT_MAX: '1000000',
            // Both instances share the secret, so a solution from either is good on the other.
            CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
          },
          path.join(root, `server-${name}.log`),
        ),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await sink?.close();
    await database?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it(`both answer ${ENQUIRIES} concurrent enquiries and one outbox emails each exactly once`, async () => {
    const markers = Array.from({ length: ENQUIRIES }, (_, index) => `proof-marker-two-${index}`);
    const ids = new Map<string, string>();
    const statuses: number[] = [];
    let next = 0;
    const sender = async (): Promise<void> => {
      while (next < markers.length) {
        const index = next++;
        const marker = markers[index] ?? '';
        const server = servers[index % servers.length];
        if (server === undefined) throw new Error('no server');
        const answer = await postJson(
          `${server.url}${CONTACT_ENDPOINT}`,
          validEnquiry({ message: `Two instances, one outbox. Reference ${marker}.` }),
        );
        statuses.push(answer.status);
        ids.set(marker, idOf(answer.body));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    expect(statuses.filter((status) => status !== 201)).toEqual([]);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const deadline = Date.now() + DRAIN_DEADLINE_MS;
      let outboxRows = -1;
      while (Date.now() < deadline) {
        const result = await client.query<{ rows: string }>('select count(*) as rows from outbox');
        outboxRows = Number(result.rows[0]?.rows);
        if (outboxRows === 0 && sink.received.length >= ENQUIRIES) break;
        await sleep(250);
      }
      await sink.settle(2_000);
      expect(outboxRows).toBe(0);

      const stored = await client.query<{ id: string; status: string }>(
        'select id, status from enquiries',
      );
      expect(stored.rows).toHaveLength(ENQUIRIES);
      expect(stored.rows.filter((row) => row.status !== 'sent')).toEqual([]);
    } finally {
      await client.end();
    }

    const copies = new Map<string, number>();
    for (const email of sink.received) {
      copies.set(email.marker ?? 'unmarked', (copies.get(email.marker ?? 'unmarked') ?? 0) + 1);
    }
    const notOnce = markers.filter((marker) => copies.get(marker) !== 1);
    expect(notOnce, 'enquiries not emailed exactly once').toEqual([]);
    expect(sink.received).toHaveLength(ENQUIRIES);
    for (const email of sink.received) {
      expect(email.messageId).toContain(`enquiry-${ids.get(email.marker ?? '')}@`);
    }

    const sentBy = servers.map(emailsSentBy);
    console.info(`two instances: emails sent by each instance ${sentBy.join(' + ')}`);
    expect(sentBy.reduce((sum, count) => sum + count, 0)).toBe(ENQUIRIES);
    for (const count of sentBy) expect(count).toBeGreaterThan(0);
  }, 150_000);
});
