/**
 * How long and how often each measurement runs. `BENCH_QUICK=1` makes one short pass, to check
 * the bench itself works; its numbers are not for the record.
 */
const isQuick = process.env.BENCH_QUICK === '1';

export const LOAD = isQuick
  ? { seconds: 2, connections: 10, runs: 1 }
  : { seconds: 5, connections: 10, runs: 3 };

export const LIGHTHOUSE_RUNS = isQuick ? 1 : 5;
export const IS_QUICK = isQuick;
