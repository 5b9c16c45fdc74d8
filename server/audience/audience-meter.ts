/** What the audience counts, for Prometheus: events taken and events dropped, by kind. */
export type AudienceMeter = {
  taken(kind: 'view' | 'filtered' | 'vital', count: number): void;
  /**
   * `backlog`: more waiting than a batch holds; `store`: the write failed; `refused`: a beacon
   * with a bad body; `flood`: too many beacons from one address.
   */
  dropped(reason: 'backlog' | 'store' | 'refused' | 'flood', count: number): void;
};
