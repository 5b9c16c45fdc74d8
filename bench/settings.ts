/**
 * How long and how often each measurement runs. `BENCH_QUICK=1` makes one short pass, to check
 * the bench itself works; its numbers are not for the record.
 */
const isQuick = process.env.BENCH_QUICK === '1';

export const LOAD = isQuick
  ? { seconds: 2, connections: 10, runs: 1 }
  : { seconds: 5, connections: 10, runs: 3 };

/**
 * A run per target before the measured ones, not counted: a server runs for days, so what
 * matters is its steady state, not the first seconds in which Node compiles the hot path.
 */
export const WARM_UP_SECONDS = 1;

export const LIGHTHOUSE_RUNS = isQuick ? 1 : 5;
export const IS_QUICK = isQuick;

const SECTIONS = [
  'lighthouse',
  'studio',
  'islands',
  'static',
  'enquiries',
  'audience',
  'cluster',
  'publish',
  'booking',
  'challenge',
  'search',
  'letters',
  'soak',
] as const;
/** Sections that take long enough to run only when BENCH_ONLY names them. */
const ON_REQUEST: readonly Section[] = ['soak'];
export type Section = (typeof SECTIONS)[number];

function isSection(name: string): name is Section {
  return (SECTIONS as readonly string[]).includes(name);
}

/**
 * `BENCH_ONLY=static,enquiries` runs only the sections named (the initial load of the page is
 * always measured: it takes seconds and the report is built around it); unset runs them all but
 * the 20-minute soak, which runs only as `BENCH_ONLY=soak`.
 */
function readOnly(value: string | undefined): ReadonlySet<Section> | null {
  if (value === undefined || value.trim() === '') return null;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isSection(name));
  if (unknown.length > 0) {
    throw new Error(`BENCH_ONLY takes ${SECTIONS.join(', ')}; got "${unknown.join(', ')}".`);
  }
  return new Set(names.filter(isSection));
}

export const ONLY = readOnly(process.env.BENCH_ONLY);

/**
 * `BENCH_REFERENCE_URL=http://127.0.0.1:8080/` adds another site's page (a static template built
 * and served on this machine) to the Lighthouse runs, one mobile run of it after each of ours,
 * so the two are compared in the same minutes rather than against an old figure.
 */
function readReferenceUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`BENCH_REFERENCE_URL must be an http(s) URL; got "${value}".`);
  }
  return url.href;
}

export const REFERENCE_URL = readReferenceUrl(process.env.BENCH_REFERENCE_URL);

export function shouldRun(section: Section): boolean {
  return ONLY === null ? !ON_REQUEST.includes(section) : ONLY.has(section);
}
