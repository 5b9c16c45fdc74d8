/**
 * Why an audience event was not recorded. `backlog`: more waiting than a batch holds; `store`:
 * the write failed; `refused`: a beacon with a bad body; `flood`: too many beacons, or views
 * past the minute's bound (kept only in the day's filtered count), from one address (an IPv6
 * /64); `repeat`: a metric its page load already gave; `bot`: a bot's beacon;
 * `prefetch`: a page fetched ahead of a click that may never come.
 */
export const DROPPED_REASONS = [
  'backlog',
  'store',
  'refused',
  'flood',
  'repeat',
  'bot',
  'prefetch',
] as const;
export type DroppedReason = (typeof DROPPED_REASONS)[number];

/** What the audience counts, for Prometheus: events taken and events dropped, by kind. */
export type AudienceMeter = {
  taken(kind: 'view' | 'filtered' | 'vital', count: number): void;
  dropped(reason: DroppedReason, count: number): void;
};
