/** What a request was for: the landing page and other HTML, a file of the build, the API, or the rest. */
export type RouteClass = 'page' | 'asset' | 'api' | 'other';

const ROUTE_CLASSES: readonly RouteClass[] = ['page', 'asset', 'api', 'other'];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Upper bounds in seconds: a file from memory takes well under a millisecond, an enquiry an fsync. */
export const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
] as const;

const REQUESTS = 'ember_http_requests_total';
const DURATION = 'ember_http_request_duration_seconds';

export type RequestMetrics = {
  /** Counts one answered request; `seconds` from its arrival to its answer being handed over. */
  observe(routeClass: RouteClass, status: number, seconds: number): void;
  /** The request count and duration histogram in the Prometheus text format. */
  render(): string;
};

function statusIndex(status: number): number {
  const index = Math.floor(status / 100) - 1;
  return index >= 0 && index < STATUS_CLASSES.length ? index : STATUS_CLASSES.length - 1;
}

function bucketIndex(seconds: number): number {
  for (let index = 0; index < DURATION_BUCKETS.length; index += 1) {
    if (seconds <= (DURATION_BUCKETS[index] ?? Infinity)) return index;
  }
  return DURATION_BUCKETS.length;
}

function add(values: Float64Array, index: number, amount: number): void {
  values[index] = (values[index] ?? 0) + amount;
}

/**
 * Request counts and durations kept in plain typed arrays: the static fast path answers tens of
 * thousands of requests a second, and prom-client's labelled observe builds and hashes a label
 * object on every call (about six times the cost of reading the clock). These series are written
 * out in the same text format at scrape time instead of living in the registry.
 */
export function createRequestMetrics(): RequestMetrics {
  const classIndex = new Map(ROUTE_CLASSES.map((name, index) => [name, index]));
  const counts = new Float64Array(ROUTE_CLASSES.length * STATUS_CLASSES.length);
  const bucketWidth = DURATION_BUCKETS.length + 1;
  const buckets = new Float64Array(ROUTE_CLASSES.length * bucketWidth);
  const sums = new Float64Array(ROUTE_CLASSES.length);

  return {
    observe(routeClass, status, seconds) {
      const route = classIndex.get(routeClass) ?? ROUTE_CLASSES.length - 1;
      add(counts, route * STATUS_CLASSES.length + statusIndex(status), 1);
      add(buckets, route * bucketWidth + bucketIndex(seconds), 1);
      add(sums, route, seconds);
    },
    render() {
      const lines = [
        `# HELP ${REQUESTS} HTTP requests answered, by route class and status class.`,
        `# TYPE ${REQUESTS} counter`,
      ];
      ROUTE_CLASSES.forEach((route, r) => {
        STATUS_CLASSES.forEach((status, s) => {
          lines.push(
            `${REQUESTS}{class="${route}",status="${status}"} ${counts[r * STATUS_CLASSES.length + s]}`,
          );
        });
      });
      lines.push(
        `# HELP ${DURATION} Time from a request's arrival to its answer being handed to the socket.`,
        `# TYPE ${DURATION} histogram`,
      );
      ROUTE_CLASSES.forEach((route, r) => {
        let cumulative = 0;
        DURATION_BUCKETS.forEach((bound, b) => {
          cumulative += buckets[r * bucketWidth + b] ?? 0;
          lines.push(`${DURATION}_bucket{class="${route}",le="${bound}"} ${cumulative}`);
        });
        cumulative += buckets[r * bucketWidth + DURATION_BUCKETS.length] ?? 0;
        lines.push(`${DURATION}_bucket{class="${route}",le="+Inf"} ${cumulative}`);
        lines.push(`${DURATION}_sum{class="${route}"} ${sums[r]}`);
        lines.push(`${DURATION}_count{class="${route}"} ${cumulative}`);
      });
      return `${lines.join('\n')}\n`;
    },
  };
}
