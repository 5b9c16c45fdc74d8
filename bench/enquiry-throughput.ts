import { CONTACT_SERVICES } from '../common/contact';
import { countStoredRows } from './count-rows';
import { LOAD } from './settings';
import type { ServerRuns } from './static-throughput';
import { summarizeLoad } from './warmed-runs';
import { runWrk, type LoadRun } from './wrk';

export type EnquiryResult = ServerRuns & {
  /** Successful responses (2xx) across all runs. */
  accepted: number;
  /** Rows in the enquiries table once the server has stopped. */
  stored: number;
};

/**
 * Valid enquiries, each with a distinct body, against a server with rate limiting out of reach.
 * wrk sends no proof-of-work solution, so this measures the spam path: stored, never emailed.
 */
export async function measureEnquiries(origin: string): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (let run = 0; run < LOAD.runs; run += 1) {
    runs.push(
      await runWrk({
        url: origin,
        seconds: LOAD.seconds,
        connections: LOAD.connections,
        script: 'enquiry.lua',
        env: {
          BENCH_RUN_ID: `${Date.now()}-${run}`,
          BENCH_SERVICE: CONTACT_SERVICES[run % CONTACT_SERVICES.length] ?? 'Brand Strategy',
        },
      }),
    );
  }
  return runs;
}

/** Reads the stored count after the server has stopped, so every acknowledged write is on disk. */
export function summarizeEnquiries(runs: LoadRun[], dataDir: string): EnquiryResult {
  const { answered, ...figures } = summarizeLoad(runs);
  return { ...figures, accepted: answered, stored: countStoredRows(dataDir, 'enquiries') };
}
