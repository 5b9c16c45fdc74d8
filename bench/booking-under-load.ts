import { solvedChallenge } from '../tests/support/challenge-solver';
import { IS_QUICK, LOAD } from './settings';
import { removeDataDir, startSiteServer } from './site-server';
import type { ServerRuns } from './static-throughput';
import { summarize, type Spread } from './stats';
import { summarizeLoad } from './warmed-runs';
import { runWrk, type LoadRun } from './wrk';

export type BookingResult = {
  /** GET /api/booking/slots for the next 30 days (kept by the server for 30 s at a time). */
  slots: ServerRuns;
  /** Every POST /api/booking, from sending it to its answer, by `concurrency` visitors at once. */
  bookingMs: Spread & { p99: number };
  concurrency: number;
  /** Distinct slots asked for, each by `contenders` visitors at once. */
  slotsAsked: number;
  contenders: number;
  booked: number;
  /** Slots two visitors were both told they had: none is allowed. */
  bookedTwice: number;
  /** 409s, by the reason given: the slot itself was taken, or its day held its calls already. */
  taken: Record<string, number>;
  /** Answers that were neither 201 nor 409: none is expected. */
  other: number;
};

const SLOTS_ASKED = IS_QUICK ? 6 : 40;
const CONTENDERS = 3;
const CONCURRENCY = 10;
/** The server's CHALLENGE_SECRET here, so the bench can hand each visitor a solved challenge. */
const BENCH_CHALLENGE_SECRET = 'bench-only-challenge-secret-0123456789abcdef';

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * The free slots under wrk, then bookings racing for the same slots: each of `SLOTS_ASKED`
 * slots is asked for by three visitors at once, ten requests in flight, every one carrying a
 * solved challenge (solved beforehand, so the figures are the server's), so none is spam. At most
 * one booking per slot may succeed; the others are told it was taken, or, once a day holds the
 * studio's calls a day (8 by default), that the day is full.
 */
export async function measureBookingUnderLoad(distDir: string): Promise<BookingResult> {
  const server = await startSiteServer(distDir, undefined, {
    CHALLENGE_SECRET: BENCH_CHALLENGE_SECRET,
  });
  try {
    const slotsUrl = `${server.origin}/api/booking/slots?from=${day(0)}&to=${day(30)}`;
    const runs: LoadRun[] = [];
    for (let run = 0; run < LOAD.runs; run += 1) {
      runs.push(
        await runWrk({ url: slotsUrl, seconds: LOAD.seconds, connections: LOAD.connections }),
      );
    }
    const load = summarizeLoad(runs);
    const slots = {
      requestsPerSecond: load.requestsPerSecond,
      p99Ms: load.p99Ms,
      failures: load.failures,
    };

    const free = ((await (await fetch(slotsUrl)).json()) as { slots: { start: string }[] }).slots;
    const asked = free.slice(0, SLOTS_ASKED).map((slot) => slot.start);
    const posts = await Promise.all(
      asked.flatMap((start, slot) =>
        Array.from({ length: CONTENDERS }, async (_, contender) => ({
          start,
          email: `bench-${slot}-${contender}@example.com`,
          // Issued a minute before, as to a visitor who then chose a time and typed their name.
          altcha: await solvedChallenge({ secret: BENCH_CHALLENGE_SECRET }),
        })),
      ),
    );
    // Contenders for one slot sit next to each other, so they are in flight together.
    const latencies: number[] = [];
    const answers: { start: string; status: number; reason: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < posts.length) {
          const post = posts[next];
          next += 1;
          if (post === undefined) continue;
          const sentAt = performance.now();
          const answer = await fetch(`${server.origin}/api/booking`, {
            method: 'POST',
            headers: { origin: server.siteUrl, 'content-type': 'application/json' },
            body: JSON.stringify({ ...post, name: 'Bench Visitor' }),
          });
          const body = (await answer.json().catch(() => ({}))) as { reason?: unknown };
          latencies.push(performance.now() - sentAt);
          answers.push({
            start: post.start,
            status: answer.status,
            reason: typeof body.reason === 'string' ? body.reason : 'none given',
          });
        }
      }),
    );
    const sorted = [...latencies].sort((a, b) => a - b);
    const booked = answers.filter((answer) => answer.status === 201);
    const taken: Record<string, number> = {};
    for (const { status, reason } of answers) {
      if (status === 409) taken[reason] = (taken[reason] ?? 0) + 1;
    }
    return {
      slots,
      bookingMs: { ...summarize(latencies), p99: percentile(sorted, 0.99) },
      concurrency: CONCURRENCY,
      slotsAsked: asked.length,
      contenders: CONTENDERS,
      booked: booked.length,
      bookedTwice: booked.length - new Set(booked.map((answer) => answer.start)).size,
      taken,
      other: answers.filter((answer) => answer.status !== 201 && answer.status !== 409).length,
    };
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

export function formatBooking(result: BookingResult): string {
  const round = (value: number) => value.toFixed(1);
  return [
    '## Booking a call under load',
    `GET /api/booking/slots (30 days): ${Math.round(result.slots.requestsPerSecond.median)} req/s, p99 ${round(result.slots.p99Ms.median)} ms (medians of ${result.slots.requestsPerSecond.runs.length} runs), ${result.slots.failures} errors.`,
    `POST /api/booking: ${result.slotsAsked} slots, each asked for by ${result.contenders} visitors at once, ${result.concurrency} in flight: median ${round(result.bookingMs.median)} ms, p99 ${round(result.bookingMs.p99)} ms, max ${round(result.bookingMs.max)} ms.`,
    `Booked ${result.booked}; slots booked twice: ${result.bookedTwice}${result.bookedTwice === 0 ? '' : ' (a double booking!)'}.`,
    `Told taken: ${Object.entries(result.taken)
      .map(([reason, count]) => `${count} (${reason})`)
      .join(', ')}; other answers ${result.other}.`,
  ].join('\n');
}
