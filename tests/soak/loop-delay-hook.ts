import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the server process by the soak run only (`node --import`), never by the server
 * itself: every LOOP_DELAY_REPORT_MS it prints the event loop's delay since the last report as
 * one JSON line on stdout, beside the server's own log, then starts counting afresh.
 */
const intervalMs = Number(process.env.LOOP_DELAY_REPORT_MS ?? 60_000);
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const toMs = (nanoseconds: number): number => Math.round(nanoseconds / 1e4) / 100;
setInterval(() => {
  const report = {
    time: new Date().toISOString(),
    level: 'info',
    msg: 'event loop delay',
    p50Ms: toMs(histogram.percentile(50)),
    p99Ms: toMs(histogram.percentile(99)),
    maxMs: toMs(histogram.max),
  };
  histogram.reset();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}, intervalMs).unref();
