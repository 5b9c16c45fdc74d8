/** A counted view as the attribution reads it. */
export type ViewRow = {
  at: Date;
  visitor: string | null;
  path: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  device: string;
  /** How many identical views the row stands for (a reload within a moment is one row). */
  views: number;
};

export type RollupKind = 'total' | 'source' | 'campaign' | 'page' | 'device';
export type RollupEntry = { kind: RollupKind; key: string; visitors: number; pageviews: number };

/** At most this many distinct values per dimension per day; the rest are counted as OTHER. */
export const DISTINCT_VALUES_PER_DAY = 1000;
export const OTHER = 'other';
export const DIRECT = 'direct';

/** A campaign's key: source, medium and campaign, which may hold any character. */
export function campaignKey(source: string, medium: string | null, campaign: string | null) {
  return JSON.stringify([source, medium, campaign]);
}

/**
 * One visit per visitor and day: its latest arrival from elsewhere (a referrer, a campaign
 * link), or its first view when it only ever came directly. The store's summary of a day picks
 * the same view (server/store/audience/view-summaries.ts). A view under Global Privacy Control
 * has no visitor: it is direct and unattributed.
 */
export function visitOf<View extends ViewRow>(views: readonly View[]): View | undefined {
  return views.findLast((view) => view.source !== null) ?? views[0];
}
