import type { BookingResult } from './booking-under-load';
import type { ChallengeResult } from './challenge-solve';
import type { ClusterResult } from './cluster-throughput';
import type { AudienceEventsResult } from './audience-events';
import type { ViewLoadResult } from './audience-views';
import type { EnquiryResult } from './enquiry-throughput';
import { round, type Goal, type GoalMeasurements } from './goals';
import type { SearchBackendResult } from './inbox-search';
import type { InitialLoad, Kind } from './initial-load';
import type { LetterSendingResult } from './letter-sending';
import type { IslandsResult } from './islands';
import { islandsSection } from './islands-report';
import type { LighthouseResults, LighthouseSummary } from './lighthouse';
import type { Machine } from './machine';
import type { Spread } from './stats';
import type { PathComparison } from './static-throughput';
import type { InteractionFigures, StudioInteractionResults } from './studio-interactions';
import type { StudioResults } from './studio-bench';
import { SLOW_CPU } from './studio-lighthouse';
import type { SoakResult } from '../tests/soak/run-soak';

export type BenchResults = GoalMeasurements & {
  date: string;
  quick: boolean;
  machine: Machine;
  load: { seconds: number; connections: number; runs: number };
  challenge: ChallengeResult | null;
  cluster: ClusterResult | null;
  islands: IslandsResult | null;
  booking: BookingResult | null;
  letters: LetterSendingResult | null;
  goals: Goal[];
  notes: string[];
};

const KB = 1024;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`]
    .concat(rows.map(line))
    .join('\n');
}

/** "median (min–max)" so the spread of the runs is always in sight. */
function spread(value: Spread, scale = 1, unit = ''): string {
  const show = (number: number) => String(round(number / scale));
  const range = value.runs.length > 1 ? ` (${show(value.min)}–${show(value.max)})` : '';
  return `${show(value.median)}${unit}${range}`;
}

function lighthouseSection(results: LighthouseResults): string {
  const rows: [string, (summary: LighthouseSummary) => string][] = [
    ['Performance', (s) => spread(s.performance)],
    ['Accessibility', (s) => spread(s.accessibility)],
    ['Best Practices', (s) => spread(s.bestPractices)],
    ['SEO', (s) => spread(s.seo)],
    ['FCP', (s) => spread(s.fcpMs, 1, ' ms')],
    ['LCP', (s) => spread(s.lcpMs, 1, ' ms')],
    ['LCP after FCP', (s) => spread(s.lcpAfterFcpMs, 1, ' ms')],
    ['TBT', (s) => spread(s.tbtMs, 1, ' ms')],
    ['CLS', (s) => spread(s.cls)],
    ['Speed Index', (s) => spread(s.speedIndexMs, 1, ' ms')],
    ['Bytes transferred', (s) => spread(s.transferBytes, KB, ' KB')],
    ['Requests', (s) => spread(s.requests)],
    ['Browser', (s) => s.browser],
  ];
  const failed = (summary: LighthouseSummary) =>
    summary.failedAudits.length === 0 ? 'none' : summary.failedAudits.join(', ');
  const { reference } = results;
  const columns = [
    '',
    'mobile',
    'desktop',
    '/book, mobile',
    ...(reference === null ? [] : ['reference, mobile']),
  ];
  return [
    `## Lighthouse ${results.version} on / and /book — median (min–max) of the runs`,
    table(
      columns,
      rows.map(([name, show]) => [
        name,
        show(results.mobile),
        show(results.desktop),
        show(results.book),
        ...(reference === null ? [] : [show(reference.mobile)]),
      ]),
    ),
    `Failed audits (median run): mobile: ${failed(results.mobile)}; desktop: ${failed(results.desktop)}; /book: ${failed(results.book)}`,
    ...(reference === null
      ? []
      : [`Reference: ${reference.url}, one mobile run after each of ours.`]),
  ].join('\n');
}

/** The studio's inbox and a lead's page, signed in, beside `/`'s phone runs of the same bench. */
function studioSection(studio: StudioResults, home: LighthouseSummary | null): string {
  const rows: [string, (summary: LighthouseSummary) => string][] = [
    ['Performance', (s) => spread(s.performance)],
    ['FCP', (s) => spread(s.fcpMs, 1, ' ms')],
    ['LCP', (s) => spread(s.lcpMs, 1, ' ms')],
    ['TBT', (s) => spread(s.tbtMs, 1, ' ms')],
    ['CLS', (s) => spread(s.cls)],
    ['Script run (bootup)', (s) => spread(s.scriptMs, 1, ' ms')],
    ['Bytes transferred', (s) => spread(s.transferBytes, KB, ' KB')],
    ['Requests', (s) => spread(s.requests)],
    ['Browser', (s) => s.browser],
  ];
  return [
    `## Lighthouse on the studio, signed in, ${studio.leads.toLocaleString('en-US')} leads — mobile, median (min–max)`,
    table(
      ['', '/studio', 'a lead’s page', ...(home === null ? [] : ['/, same bench'])],
      rows.map(([name, show]) => [
        name,
        show(studio.inbox),
        show(studio.lead),
        ...(home === null ? [] : [show(home)]),
      ]),
    ),
    `### The same pages on a slower machine: CPU ${SLOW_CPU}×, median (min–max)`,
    table(
      ['', '/studio', 'a lead’s page'],
      [
        [
          'TBT',
          spread(studio.slowCpu.inbox.tbtMs, 1, ' ms'),
          spread(studio.slowCpu.lead.tbtMs, 1, ' ms'),
        ],
        [
          'LCP',
          spread(studio.slowCpu.inbox.lcpMs, 1, ' ms'),
          spread(studio.slowCpu.lead.lcpMs, 1, ' ms'),
        ],
        [
          'Performance',
          spread(studio.slowCpu.inbox.performance),
          spread(studio.slowCpu.lead.performance),
        ],
      ],
    ),
    ...(studio.interactions === null ? [] : [studioTapsSection(studio.interactions)]),
  ].join('\n');
}

/** The taps between the inbox and a lead, on the same server after the Lighthouse runs. */
function studioTapsSection(taps: StudioInteractionResults): string {
  const rows: [string, InteractionFigures][] = [
    ['opening a lead from the inbox', taps.openLead],
    ['changing its stage (Save lead)', taps.changeStage],
    ['back to the inbox (its link)', taps.backToInbox],
  ];
  const runs = taps.refetchesOnBack.runs.length;
  return [
    '',
    `### Taps, phone, CPU ${taps.cpuSlowdown}×, ${runs} run${runs === 1 ? '' : 's'} — median (min–max)`,
    table(
      ['tap', 'INP (Event Timing)', 'until shown', 'runs without an entry'],
      rows.map(([name, figures]) => [
        name,
        spread(figures.latencyMs, 1, ' ms'),
        spread(figures.shownMs, 1, ' ms'),
        String(figures.runsWithoutEntry),
      ]),
    ),
    `Refetches on back: ${taps.refetchesOnBack.max} (requests for the inbox's list per run: ${taps.refetchesOnBack.runs.join(', ')}).`,
    "INP is the longest Event Timing entry of the tap (pointer down to the next frame painted); a tap with no entry (under 16 ms) counts from the pointer down to the frame after the first change to the page. \"Until shown\" is the frame showing the lead's name, the saved line, or the lead's card again, the API's answers included.",
  ].join('\n');
}

function initialLoadSection(load: InitialLoad): string {
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const kinds: Kind[] = ['html', 'css', 'js', 'font', 'image', 'other'];
  const rows = kinds
    .filter((kind) => load.byKind[kind].raw > 0)
    .map((kind) => {
      const sizes = load.byKind[kind];
      return [kind, kb(sizes.raw), kb(sizes.gzip), kb(sizes.brotli)];
    });
  rows.push(['total', kb(load.total.raw), kb(load.total.gzip), kb(load.total.brotli)]);
  const { inlineCss } = load;
  rows.push(['css inside html', kb(inlineCss.raw), kb(inlineCss.gzip), kb(inlineCss.brotli)]);
  const files = load.files
    .map((file) => `  ${kb(file.brotli).padStart(6)} KB br  ${file.kind.padEnd(5)} ${file.path}`)
    .join('\n');
  return [
    '## Initial load of / (phone viewport, no interaction), KB',
    table(['kind', 'raw', 'gzip', 'brotli'], rows),
    `Files (${load.files.length}):\n${files}`,
  ].join('\n');
}

function staticSection(paths: PathComparison[]): string {
  const rows = paths.map((comparison) => [
    comparison.path,
    spread(comparison.ours.requestsPerSecond),
    comparison.nginx === null ? '—' : spread(comparison.nginx.requestsPerSecond),
    comparison.ratio === null ? '—' : `${Math.round(comparison.ratio * 100)}%`,
    spread(comparison.ours.p99Ms, 1, ' ms'),
    comparison.nginx === null ? '—' : spread(comparison.nginx.p99Ms, 1, ' ms'),
    comparison.oursCpuMicrosPerRequest === null
      ? '—'
      : spread(comparison.oursCpuMicrosPerRequest, 1, ' µs'),
    String(comparison.ours.failures + (comparison.nginx?.failures ?? 0)),
  ]);
  const notes = paths.map(
    (comparison) =>
      `  ${comparison.path} (Accept-Encoding: ${comparison.encoding}): ${comparison.sameBody === false ? 'DIFFERENT bodies: ' : comparison.sameBody ? 'same body bytes; ' : ''}${comparison.bodyNote}`,
  );
  return [
    '## Static throughput, requests/s and p99 — median (min–max)',
    table(
      [
        'path',
        'ours req/s',
        'nginx req/s',
        'ours/nginx',
        'ours p99',
        'nginx p99',
        'ours CPU/request',
        'errors',
      ],
      rows,
    ),
    notes.join('\n'),
  ].join('\n');
}

/** `/` with counting on, as one visitor and as a crowd: how fast, and what was kept. */
function viewLoadSection(loads: ViewLoadResult[]): string {
  return [
    '## Views of / with counting on (through a proxy, SQLite)',
    table(
      ['viewers', 'req/s', 'p99', 'answered', 'rows', 'views stored', 'filtered', 'errors'],
      loads.map((load) => [
        load.viewers,
        spread(load.requestsPerSecond),
        spread(load.p99Ms, 1, ' ms'),
        String(load.answered),
        String(load.rows),
        String(load.storedViews),
        String(load.filteredViews),
        String(load.failures),
      ]),
    ),
  ].join('\n');
}

/** A write endpoint under load: how fast, and whether everything taken was kept. */
function storedWritesSection(
  title: string,
  labels: { rate: string; accepted: string },
  result: EnquiryResult | AudienceEventsResult,
): string {
  return [
    title,
    table(
      [labels.rate, 'p99', labels.accepted, 'stored', 'errors'],
      [
        [
          spread(result.requestsPerSecond),
          spread(result.p99Ms, 1, ' ms'),
          String(result.accepted),
          String(result.stored),
          String(result.failures),
        ],
      ],
    ),
  ].join('\n');
}

function soakSection(soak: SoakResult): string {
  const rows = soak.samples.map((sample) => [
    (sample.atMs / 60_000).toFixed(1),
    sample.rootRequestsPerSecond === null ? '—' : String(Math.round(sample.rootRequestsPerSecond)),
    String(sample.rssMb),
    sample.loopDelayP99Ms === null ? '—' : String(sample.loopDelayP99Ms),
    `${sample.openFds} (${sample.sockets})`,
  ]);
  const counts = Object.entries(soak.requests)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const { enquiries, fds } = soak;
  return [
    `## Soak: ${Math.round(soak.durationMs / 60_000)} minutes of mixed traffic through one process`,
    table(['minute', '/ req/s', 'RSS MB', 'loop delay p99 ms', 'fds (sockets)'], rows),
    `Requests: ${counts}; newsletter sign-ups ${soak.newsletterSignups}; slow clients ${soak.slowClientsOpened}.`,
    `Enquiries: ${enquiries.sent} sent, ${enquiries.acknowledged} accepted, ${enquiries.stored} stored, ${enquiries.emailedOnce} emailed exactly once.`,
    `Descriptors: ${fds.before} (${fds.socketsBefore} sockets) after one request of each kind, ${fds.after} (${fds.socketsAfter}) once every client had gone.`,
    soak.problems.length === 0
      ? 'Problems: none.'
      : `Problems:\n${soak.problems.map((p) => `  ${p}`).join('\n')}`,
  ].join('\n');
}

function searchSection(results: SearchBackendResult[]): string {
  return results
    .map((result) =>
      [
        `## Studio inbox over ${result.enquiries.toLocaleString('en-US')} enquiries (${result.backend}, seeded in ${round(result.seedSeconds)} s): GET /api/studio/enquiries, one request at a time`,
        table(
          ['request', 'query', 'median', 'p95', 'items'],
          result.scenarios.map((scenario) => [
            scenario.name,
            scenario.query.length > 40 ? `${scenario.query.slice(0, 37)}…` : scenario.query,
            `${round(scenario.medianMs)} ms`,
            `${round(scenario.p95Ms)} ms`,
            String(scenario.items),
          ]),
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

function challengeSection(result: ChallengeResult): string {
  return [
    `## Spam check: one proof-of-work solve in the page's worker, CPU slowed ${result.cpuSlowdown}×`,
    table(
      ['median', 'min–max', 'solves'],
      [
        [
          `${round(result.solveMs.median)} ms`,
          `${round(result.solveMs.min)}–${round(result.solveMs.max)} ms`,
          String(result.solveMs.runs.length),
        ],
      ],
    ),
  ].join('\n');
}

function goalsSection(goals: Goal[]): string {
  const verdict = (passed: boolean | null) => (passed === null ? 'n/a' : passed ? 'PASS' : 'FAIL');
  return [
    '## Goals',
    table(
      ['goal', 'measured', 'result'],
      goals.map((goal) => [goal.goal, goal.measured, verdict(goal.passed)]),
    ),
  ].join('\n');
}

export function formatReport(results: BenchResults): string {
  const { machine, load } = results;
  const header = [
    `# npm run bench — ${results.date}${results.quick ? ' (QUICK: one short pass, not for the record)' : ''}`,
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.chromium}, ${machine.nginx ?? 'no nginx'}, ${machine.wrk ?? 'no wrk'}; load average at start ${machine.loadAverage.join(' ')}`,
    `Load runs: wrk, 1 thread on CPU 0, ${load.connections} connections, ${load.runs} × ${load.seconds} s per target; servers pinned to CPU 1.`,
  ].join('\n');
  return [
    header,
    results.lighthouse === null ? null : lighthouseSection(results.lighthouse),
    results.studio === null
      ? null
      : studioSection(results.studio, results.lighthouse?.mobile ?? null),
    results.islands === null ? null : islandsSection(results.islands),
    initialLoadSection(results.initialLoad),
    results.staticPaths === null ? null : staticSection(results.staticPaths),
    results.enquiries === null
      ? null
      : storedWritesSection(
          '## Enquiries (POST /api/send-contact-email, SQLite synchronous=FULL, rate limit off)',
          { rate: 'enquiries/s', accepted: 'accepted' },
          results.enquiries,
        ),
    results.audience === null
      ? null
      : storedWritesSection(
          '## Web Vitals beacons (POST /api/audience, 4 metrics each, many addresses, SQLite)',
          { rate: 'beacons/s', accepted: 'taken' },
          results.audience,
        ),
    results.audienceViews === null ? null : viewLoadSection(results.audienceViews),
    results.soak === null ? null : soakSection(results.soak),
    results.search === null ? null : searchSection(results.search),
    results.challenge === null ? null : challengeSection(results.challenge),
    goalsSection(results.goals),
    results.notes.length === 0
      ? null
      : `## Notes\n${results.notes.map((note) => `- ${note}`).join('\n')}`,
  ]
    .filter((section) => section !== null)
    .join('\n\n');
}
