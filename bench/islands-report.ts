import type { IslandsResult } from './islands';
import type { LighthouseSummary } from './lighthouse';
import type { Spread } from './stats';

const KB = 1024;

function median(value: Spread, scale = 1): number {
  return Math.round((value.median / scale) * 10) / 10;
}

function row(name: string, pick: (summary: LighthouseSummary) => Spread, unit: string, scale = 1) {
  return (current: LighthouseSummary, baseline: LighthouseSummary) => {
    const now = median(pick(current), scale);
    const before = median(pick(baseline), scale);
    const ratio = before === 0 ? '—' : `${(now / before).toFixed(2)}×`;
    return `| ${name} | ${before}${unit} | ${now}${unit} | ${ratio} |`;
  };
}

const ROWS = [
  row('Performance', (summary) => summary.performance, ''),
  row('TBT', (summary) => summary.tbtMs, ' ms'),
  row('LCP', (summary) => summary.lcpMs, ' ms'),
  row('FCP', (summary) => summary.fcpMs, ' ms'),
  row('Speed Index', (summary) => summary.speedIndexMs, ' ms'),
  row('Script run', (summary) => summary.scriptMs, ' ms'),
  row('Main-thread work', (summary) => summary.mainThreadMs, ' ms'),
  row('Bytes transferred', (summary) => summary.transferBytes, ' KB', KB),
];

/** The report's islands section: Lighthouse before and after, and the first tap's delay. */
export function islandsSection(result: IslandsResult): string {
  const { firstTap, comparison } = result;
  const tap = `First tap on the menu to the open menu, CPU ${firstTap.cpuSlowdown}× slower, header controls wired, no React: median ${median(firstTap.delayMs)} ms (${Math.round(firstTap.delayMs.min)}–${Math.round(firstTap.delayMs.max)}, ${firstTap.delayMs.runs.length} taps); goal ≤ 200 ms.`;
  if (comparison === null) return `## Islands\n\n${tap}`;
  const table = [
    `| mobile, median of ${comparison.current.performance.runs.length} | ${comparison.baselineRef} | this build | ratio |`,
    '|---|---|---|---|',
    ...ROWS.map((make) => make(comparison.current, comparison.baseline)),
  ].join('\n');
  return `## Islands\n\nLighthouse mobile, runs interleaved with ${comparison.baselineRef} served the same way:\n\n${table}\n\n${tap}`;
}
