import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod/mini';
import { BOOK_PATH } from '../common/booking-page';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { LIGHTHOUSE_RUNS } from './settings';
import { ROOT } from './site-server';
import { summarize, type Spread } from './stats';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export type FormFactor = 'mobile' | 'desktop';

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  /** How long after the first contentful paint the largest one came, in the same run. */
  lcpAfterFcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Simulated phone time spent running script (`bootup-time`): what islands save when TBT is 0. */
  scriptMs: number;
  /** Simulated phone main-thread time of every kind: parse, style, layout, script. */
  mainThreadMs: number;
  transferBytes: number;
  requests: number;
};

export type LighthouseSummary = { [K in keyof LighthouseRun]: Spread } & {
  /** Audits that cost points in the median run's categories, so a missed 100 says why. */
  failedAudits: string[];
  /** The browser of the runs, from its user agent ("Chromium 156"), so a browser update shows beside the figures it moved. */
  browser: string;
};

/**
 * "HeadlessChrome/156.0.0.0" in a user agent → "Chromium 156": the user agent gives only the major
 * version (the rest is reduced to zeros); the report's machine line has the whole one.
 */
export function browserOf(userAgent: string): string {
  const major = /(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/.exec(userAgent)?.[1];
  return major === undefined ? userAgent : `Chromium ${major}`;
}

const score = z.object({ score: z.nullable(z.number()) });
const numeric = z.object({ numericValue: z.number() });
const NetworkRequestsSchema = z.object({ details: z.object({ items: z.array(z.unknown()) }) });
const ReportSchema = z.object({
  lighthouseVersion: z.string(),
  runtimeError: z.optional(z.object({ code: z.string(), message: z.string() })),
  environment: z.object({ hostUserAgent: z.string() }),
  categories: z.object({
    performance: score,
    accessibility: score,
    'best-practices': score,
    seo: score,
  }),
  audits: z.record(
    z.string(),
    z.object({
      id: z.string(),
      score: z.nullable(z.number()),
      scoreDisplayMode: z.string(),
      numericValue: z.optional(z.number()),
      details: z.optional(z.unknown()),
    }),
  ),
});
export type Report = z.infer<typeof ReportSchema>;

function metric(report: Report, id: string): number {
  return numeric.parse(report.audits[id]).numericValue;
}

function toRun(report: Report): LighthouseRun {
  const percent = (value: { score: number | null }) => Math.round((value.score ?? 0) * 100);
  return {
    performance: percent(report.categories.performance),
    accessibility: percent(report.categories.accessibility),
    bestPractices: percent(report.categories['best-practices']),
    seo: percent(report.categories.seo),
    fcpMs: metric(report, 'first-contentful-paint'),
    lcpMs: metric(report, 'largest-contentful-paint'),
    lcpAfterFcpMs:
      metric(report, 'largest-contentful-paint') - metric(report, 'first-contentful-paint'),
    tbtMs: metric(report, 'total-blocking-time'),
    cls: metric(report, 'cumulative-layout-shift'),
    speedIndexMs: metric(report, 'speed-index'),
    scriptMs: metric(report, 'bootup-time'),
    mainThreadMs: metric(report, 'mainthread-work-breakdown'),
    transferBytes: metric(report, 'total-byte-weight'),
    requests: NetworkRequestsSchema.parse(report.audits['network-requests']).details.items.length,
  };
}

/** Binary audits that did not pass (metric audits are reported as numbers instead). */
function failedAudits(report: Report): string[] {
  return Object.values(report.audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => audit.id);
}

function runCli(
  url: string,
  formFactor: FormFactor,
  outputPath: string,
  extraHeaders: Record<string, string>,
  cpuSlowdown: number | null,
): Promise<void> {
  const cli = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(cpuSlowdown === null ? [] : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`]),
    ...(Object.keys(extraHeaders).length > 0
      ? [`--extra-headers=${JSON.stringify(extraHeaders)}`]
      : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}:\n${errors}`)),
    );
  });
}

/** Lighthouse sometimes loses the trace (NO_NAVSTART) on a busy machine; such a run is repeated. */
const ATTEMPTS_PER_RUN = 3;

export async function runWithRetry(
  url: string,
  formFactor: FormFactor,
  outputPath: string,
  /** Sent with every request of the run, e.g. a signed-in session's cookie. */
  extraHeaders: Record<string, string> = {},
  /** Lighthouse's simulated CPU slowdown instead of its profile's (4× on mobile). */
  cpuSlowdown: number | null = null,
): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runCli(url, formFactor, outputPath, extraHeaders, cpuSlowdown);
      const report = ReportSchema.parse(JSON.parse(readFileSync(outputPath, 'utf8')));
      if (report.runtimeError)
        throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
      return report;
    } catch (error) {
      if (attempt === ATTEMPTS_PER_RUN) throw error;
      // Lighthouse names the cause (e.g. NO_NAVSTART) on the last line it printed.
      const lines = (error instanceof Error ? error.message : String(error)).trim().split('\n');
      const reason = lines.at(-1)?.trim();
      process.stderr.write(
        `  lighthouse ${formFactor} attempt ${attempt} failed (${reason}); again\n`,
      );
    }
  }
}

/** Another site's page, measured on the phone profile between our runs. */
export type LighthouseReference = { url: string; mobile: LighthouseSummary };

export type LighthouseResults = {
  version: string;
  userAgent: string;
  mobile: LighthouseSummary;
  desktop: LighthouseSummary;
  /** `/book` on the phone profile, one run after each of `/`'s: the same machine, same minutes. */
  book: LighthouseSummary;
  reference: LighthouseReference | null;
};

export function summarizeRuns(reports: Report[]): LighthouseSummary {
  const runs = reports.map(toRun);
  const pick = (key: keyof LighthouseRun) => summarize(runs.map((run) => run[key]));
  const byPerformance = [...reports].sort(
    (a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0),
  );
  const median = byPerformance[Math.floor(byPerformance.length / 2)];
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    lcpAfterFcpMs: pick('lcpAfterFcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    speedIndexMs: pick('speedIndexMs'),
    scriptMs: pick('scriptMs'),
    mainThreadMs: pick('mainThreadMs'),
    transferBytes: pick('transferBytes'),
    requests: pick('requests'),
    failedAudits: median === undefined ? [] : failedAudits(median),
    browser: [
      ...new Set(reports.map((report) => browserOf(report.environment.hostUserAgent))),
    ].join(', '),
  };
}

/**
 * Lighthouse's own CLI, one fresh Chromium per run, mobile and desktop runs of `/` interleaved
 * with a mobile run of `/book`, and the reference page's mobile run (when there is one) after
 * each of ours.
 */
export async function runLighthouse(
  origin: string,
  referenceUrl: string | null,
): Promise<LighthouseResults> {
  const url = `${origin}/`;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const reports: Record<FormFactor, Report[]> = { mobile: [], desktop: [] };
  const bookReports: Report[] = [];
  const referenceReports: Report[] = [];
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const outputPath = path.join(dir, `${formFactor}-${run}.json`);
        reports[formFactor].push(await runWithRetry(url, formFactor, outputPath));
        process.stderr.write(`  lighthouse ${formFactor} run ${run + 1}/${LIGHTHOUSE_RUNS} done\n`);
      }
      const bookPath = path.join(dir, `book-${run}.json`);
      bookReports.push(await runWithRetry(`${origin}${BOOK_PATH}`, 'mobile', bookPath));
      process.stderr.write(`  lighthouse /book run ${run + 1}/${LIGHTHOUSE_RUNS} done\n`);
      if (referenceUrl !== null) {
        const outputPath = path.join(dir, `reference-${run}.json`);
        referenceReports.push(await runWithRetry(referenceUrl, 'mobile', outputPath));
        process.stderr.write(`  lighthouse reference run ${run + 1}/${LIGHTHOUSE_RUNS} done\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const first = reports.mobile[0];
  return {
    version: first?.lighthouseVersion ?? 'unknown',
    userAgent: first?.environment.hostUserAgent ?? 'unknown',
    mobile: summarizeRuns(reports.mobile),
    desktop: summarizeRuns(reports.desktop),
    book: summarizeRuns(bookReports),
    reference:
      referenceUrl === null ? null : { url: referenceUrl, mobile: summarizeRuns(referenceReports) },
  };
}
