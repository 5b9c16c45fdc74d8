import pg from 'pg';
import type { Answer, Kind } from './mixed-load';

/** One instance's turn: drained and stopped, then the new build listening (migrated) at `listeningAt`. */
export type Restart = { name: string; stoppedMs: number; listeningMs: number; listeningAt: number };

/** Where each acknowledged kind is kept, by the id its 201 carried. */
const STORED_IN: Partial<Record<Kind, string>> = {
  enquiry: 'enquiries',
  booking: 'bookings',
  reply: 'lead_messages',
};

async function countStored(client: pg.Client, table: string, ids: string[]): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from ${table} where id = any($1)`,
    [ids],
  );
  return Number(rows[0]?.count ?? 0);
}

function describeStatuses(answers: readonly Answer[]): string {
  const byStatus = new Map<number, number>();
  for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`)
    .join(', ');
}

/**
 * The figures of a rolling upgrade: answers by kind and build, what was acknowledged and what
 * of it the store still holds, and whether anything failed.
 */
export async function tallyUpgrade(
  databaseUrl: string,
  answers: readonly Answer[],
  restarts: readonly Restart[],
): Promise<{ text: string; isClean: boolean }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lines: string[] = [`answers: ${answers.length}`];
  let lost = 0;
  try {
    const builds = [...new Set(answers.map((answer) => answer.build))];
    for (const kind of [...new Set(answers.map((answer) => answer.kind))]) {
      for (const build of builds) {
        const some = answers.filter((answer) => answer.kind === kind && answer.build === build);
        if (some.length > 0) lines.push(`  ${kind} (${build}): ${describeStatuses(some)}`);
      }
      const table = STORED_IN[kind];
      if (table === undefined) continue;
      const ids = answers.flatMap((answer) =>
        answer.kind === kind && answer.id !== undefined ? [answer.id] : [],
      );
      const stored = await countStored(client, table, ids);
      lost += ids.length - stored;
      lines.push(`  ${kind}: ${ids.length} acknowledged, ${stored} in the store`);
    }
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from enquiries where inbox_status = 'replied'`,
    );
    lines.push(`enquiries left 'replied': ${rows[0]?.count ?? '?'}`);
  } finally {
    await client.end();
  }
  const migratedAt = restarts[0]?.listeningAt ?? Infinity;
  const oldAfter = answers.filter(
    (answer) => answer.at > migratedAt && answer.build === answers[0]?.build,
  );
  lines.push(
    `the old build after the new schema was in: ${oldAfter.length} answers (${describeStatuses(oldAfter)}), ` +
      `${oldAfter.filter((answer) => answer.kind === 'reply').length} of them replies`,
  );
  const failed = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
  lines.push(`5xx or no answer: ${failed.length}; lost: ${lost}`);
  for (const { name, stoppedMs, listeningMs } of restarts) {
    lines.push(
      `instance ${name}: drained and stopped in ${stoppedMs} ms; the new build listened ${listeningMs} ms after`,
    );
  }
  return { text: lines.join('\n'), isClean: failed.length === 0 && lost === 0 };
}
