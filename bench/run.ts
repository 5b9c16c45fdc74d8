import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  measureAudienceEvents,
  summarizeAudienceEvents,
  type AudienceEventsResult,
} from './audience-events';
import { measureViewLoad, summarizeViewLoad, type ViewLoadResult } from './audience-views';
import { measureChallengeSolve, type ChallengeResult } from './challenge-solve';
import {
  formatCluster,
  measureCluster,
  readBenchDatabaseUrl,
  type ClusterResult,
} from './cluster-throughput';
import { measureEnquiries, summarizeEnquiries, type EnquiryResult } from './enquiry-throughput';
import { checkGoals } from './goals';
import { measureInboxSearch } from './inbox-search';
import { measureInitialLoad } from './initial-load';
import { measureIslands } from './islands';
import { formatLetters, measureLetterSending } from './letter-sending';
import { CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { runLighthouse, type LighthouseResults } from './lighthouse';
import { describeMachine } from './machine';
import { NGINX_PATH, startNginx, type NginxServer } from './nginx-server';
import { formatBooking, measureBookingUnderLoad } from './booking-under-load';
import { formatPublish, measurePublishUnderLoad } from './publish-under-load';
import { formatReport, type BenchResults } from './report';
import { runStudioBench, type StudioResults } from './studio-bench';
import { IS_QUICK, LOAD, ONLY, REFERENCE_URL, shouldRun } from './settings';
import { measureSoak, SOAK_MINUTES } from './soak';
import { removeDataDir, ROOT, startSiteServer } from './site-server';
import { compareStaticThroughput, type PathComparison } from './static-throughput';
import { isWrkAvailable, WRK_MISSING } from './wrk';

/**
 * A private copy of the build: another build writing dist/ during the run would otherwise leave
 * our server (which loads the files once) and nginx (which reads them per request) serving
 * different bytes.
 */
const DIST_DIR = mkdtempSync(path.join(tmpdir(), 'bench-dist-'));
const CLIENT_DIR = path.join(DIST_DIR, 'client');
const RESULTS_DIR = path.join(ROOT, 'bench-results');

function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

/**
 * The same check `npm start` makes: build when dist/ is missing or older than the sources. A
 * partial run (BENCH_ONLY) measures whatever build is there, so server changes can be measured
 * while the build is someone else's.
 */
function ensureBuild(): void {
  if (ONLY !== null && existsSync(path.join(ROOT, 'dist', 'client', 'index.html'))) return;
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-if-needed.ts')],
    { cwd: ROOT, stdio: ['ignore', 2, 2] },
  );
  if (build.status !== 0) throw new Error('The build failed; see its output above.');
}

/** The entry script of the page: the one hashed asset every visitor downloads. */
function hashedScriptPath(): string {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  // The page imports its entry after the first paint, from an inline loader.
  const src = /"(\/assets\/[\w.-]+\.js)"/.exec(html)?.[1];
  if (src === undefined) throw new Error('dist/client/index.html loads no /assets/*.js script.');
  return src;
}

async function measurePage(notes: string[]) {
  const server = await startSiteServer(DIST_DIR);
  try {
    progress('initial load of / in Chromium');
    const initialLoad = await measureInitialLoad(server.origin, CLIENT_DIR);
    let lighthouse: LighthouseResults | null = null;
    if (!shouldRun('lighthouse')) {
      notes.push('Lighthouse not run (BENCH_ONLY).');
    } else if (existsSync(CHROMIUM_PATH)) {
      progress('Lighthouse, mobile and desktop, and /book on mobile');
      lighthouse = await runLighthouse(server.origin, REFERENCE_URL);
    } else {
      notes.push(
        `Lighthouse skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`,
      );
    }
    return { initialLoad, lighthouse };
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

/** The studio signed in, on a phone, beside the public page's runs (a server of its own). */
async function measureStudio(notes: string[]): Promise<StudioResults | null> {
  if (!shouldRun('studio')) return null;
  if (!existsSync(CHROMIUM_PATH)) {
    notes.push(`The studio's Lighthouse runs and taps skipped: no Chromium at ${CHROMIUM_PATH}.`);
    return null;
  }
  progress('Lighthouse on the studio, signed in: the inbox and a lead, mobile');
  return runStudioBench(DIST_DIR, progress, notes);
}

/**
 * A fresh server for the load runs, like the enquiries get: after the Lighthouse runs, the
 * process that served them answered / markedly slower under wrk (see docs/performance.md).
 */
async function measureStaticThroughput(notes: string[]): Promise<PathComparison[] | null> {
  if (!shouldRun('static')) {
    notes.push('Static throughput not measured (BENCH_ONLY).');
    return null;
  }
  if (!isWrkAvailable()) {
    notes.push(WRK_MISSING);
    return null;
  }
  const server = await startSiteServer(DIST_DIR);
  let nginx: NginxServer | null = null;
  try {
    nginx = await startNginx(CLIENT_DIR);
    if (nginx === null) notes.push(`nginx not found at ${NGINX_PATH}: ours is measured alone.`);
    else if (!nginx.hasBrotli)
      notes.push('nginx has no brotli_static module: both servers were compared with gzip.');
    progress('static throughput, ours and nginx');
    return await compareStaticThroughput({
      ours: server.origin,
      oursCpuMicros: server.cpuMicros,
      nginx,
      paths: ['/', hashedScriptPath()],
    });
  } finally {
    await nginx?.stop();
    await server.stop();
    removeDataDir(server);
  }
}

/** A fresh server and database, so the stored count is exactly this benchmark's enquiries. */
async function measureEnquiryThroughput(): Promise<EnquiryResult | null> {
  if (!isWrkAvailable() || !shouldRun('enquiries')) return null;
  progress('enquiries');
  const server = await startSiteServer(DIST_DIR);
  try {
    const runs = await measureEnquiries(server.origin);
    await server.stop();
    return summarizeEnquiries(runs, server.dataDir);
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

/** The page's Web Vitals beacon from many addresses; a fresh server, so the count is exact. */
async function measureAudienceBeacons(): Promise<AudienceEventsResult | null> {
  if (!isWrkAvailable() || !shouldRun('audience')) return null;
  progress('audience beacons');
  const server = await startSiteServer(DIST_DIR, ROOT, { TRUST_PROXY: '1' });
  try {
    const runs = await measureAudienceEvents(server.origin);
    await server.stop();
    return summarizeAudienceEvents(runs, server.dataDir);
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

/** `/` with counting on, as one visitor and as a crowd; a fresh server each, so counts are exact. */
async function measureAudienceViews(): Promise<ViewLoadResult[] | null> {
  if (!isWrkAvailable() || !shouldRun('audience')) return null;
  const results: ViewLoadResult[] = [];
  for (const viewers of ['one visitor', 'a crowd'] as const) {
    progress(`views of / with counting on, ${viewers}`);
    const server = await startSiteServer(DIST_DIR, ROOT, { TRUST_PROXY: '1' });
    try {
      const runs = await measureViewLoad(server.origin, viewers);
      await server.stop();
      results.push(summarizeViewLoad(viewers, runs, server.dataDir));
    } finally {
      await server.stop();
      removeDataDir(server);
    }
  }
  return results;
}

/** Durable enquiries with one instance and with three on one PostgreSQL. */
async function measureClusterThroughput(notes: string[]): Promise<ClusterResult | null> {
  if (!shouldRun('cluster')) return null;
  const adminUrl = readBenchDatabaseUrl();
  if (adminUrl === null) {
    notes.push('One versus three instances not measured: set BENCH_DATABASE_URL (PostgreSQL).');
    return null;
  }
  progress('enquiries on PostgreSQL, one instance and three');
  return measureCluster(adminUrl, DIST_DIR);
}

/** The proof of work a visitor's browser does while typing, on a slowed CPU. */
async function measureChallenge(): Promise<ChallengeResult | null> {
  if (!shouldRun('challenge')) return null;
  progress('challenge');
  const server = await startSiteServer(DIST_DIR);
  try {
    return await measureChallengeSolve(server.origin, path.join(DIST_DIR, 'client'));
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}

async function main(): Promise<void> {
  ensureBuild();
  cpSync(path.join(ROOT, 'dist'), DIST_DIR, { recursive: true });
  // nginx's worker runs as an unprivileged user and must be able to read the copy.
  chmodSync(DIST_DIR, 0o755);
  const machine = describeMachine(CHROMIUM_PATH);
  const notes: string[] = [
    'Lighthouse loads http://127.0.0.1; Chromium treats loopback as a secure origin and accepts brotli there, so its byte counts are the brotli bytes an HTTPS visitor gets.',
    'Both servers write an access log line per request (ours to a file via stdout, nginx to access.log).',
    'Enquiries are posted by wrk without a proof-of-work solution, so each is stored as spam: the same validation and transaction as a real enquiry, but no outbox row and no email (decision 0025).',
  ];
  const page = await measurePage(notes);
  const studio = await measureStudio(notes);
  const staticPaths = await measureStaticThroughput(notes);
  const islands = shouldRun('islands') ? await measureIslands(DIST_DIR, notes, progress) : null;
  const pages = { ...page, staticPaths, islands };
  const enquiries = await measureEnquiryThroughput();
  const audience = await measureAudienceBeacons();
  const audienceViews = await measureAudienceViews();
  const cluster = await measureClusterThroughput(notes);
  if (shouldRun('publish')) progress('publishing while / is under load');
  const publish = shouldRun('publish') ? await measurePublishUnderLoad(DIST_DIR) : null;
  if (shouldRun('booking') && isWrkAvailable()) progress('booking calls under load');
  const booking =
    shouldRun('booking') && isWrkAvailable() ? await measureBookingUnderLoad(DIST_DIR) : null;
  let soak = null;
  if (shouldRun('soak')) {
    progress(`soak, ${SOAK_MINUTES} minutes`);
    soak = await measureSoak(DIST_DIR, (line) => progress(`  soak ${line}`));
  }
  const search = shouldRun('search') ? await measureInboxSearch(progress) : null;
  const letters = shouldRun('letters') ? await measureLetterSending(progress) : null;
  const challenge = await measureChallenge();
  const results: BenchResults = {
    date: new Date().toISOString(),
    quick: IS_QUICK,
    machine,
    load: LOAD,
    ...pages,
    studio,
    enquiries,
    audience,
    audienceViews,
    cluster,
    publish,
    booking,
    soak,
    search,
    challenge,
    letters,
    goals: checkGoals({
      ...pages,
      studio,
      enquiries,
      audience,
      audienceViews,
      soak,
      search,
      publish,
    }),
    notes,
  };
  const report = [
    formatReport(results),
    ...(cluster === null ? [] : [formatCluster(cluster)]),
    ...(publish === null ? [] : [formatPublish(publish)]),
    ...(booking === null ? [] : [formatBooking(booking)]),
    ...(letters === null ? [] : [formatLetters(letters)]),
  ].join('\n\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `bench-${results.date.replaceAll(':', '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  // latest.json stays the last complete run.
  if (ONLY === null) {
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  }
  process.stdout.write(`${report}\n\nWritten to ${path.relative(ROOT, file)}\n`);
}

try {
  await main();
} finally {
  rmSync(DIST_DIR, { recursive: true, force: true });
}
