/** A counted view as the roll-ups read it. */
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

type Tally = { visitors: Set<string>; anonymous: number; pageviews: number };

/**
 * One visit per visitor and day: its latest arrival from elsewhere (a referrer, a campaign
 * link), or its first view when it only ever came directly. A view under Global Privacy
 * Control has no visitor: it counts as a visit of its own, direct and unattributed.
 */
export function visitOf<View extends ViewRow>(views: readonly View[]): View | undefined {
  return views.findLast((view) => view.source !== null) ?? views[0];
}

class Tallies {
  private readonly byKey = new Map<string, Tally>();
  add(key: string, visitor: string | null, isNewVisit: boolean, pageviews: number): void {
    let tally = this.byKey.get(key);
    if (tally === undefined) {
      tally = { visitors: new Set(), anonymous: 0, pageviews: 0 };
      this.byKey.set(key, tally);
    }
    tally.pageviews += pageviews;
    if (visitor !== null) tally.visitors.add(visitor);
    else if (isNewVisit) tally.anonymous += 1;
  }
  /** A visit is counted once, not as a page view of its own. */
  addVisit(key: string, visitor: string | null): void {
    this.add(key, visitor, true, 0);
  }
  /** The most visited keys, DISTINCT_VALUES_PER_DAY in all with `other`, the rest added up in it. */
  entries(kind: RollupKind, other = OTHER): RollupEntry[] {
    const counted = [...this.byKey].map(([key, tally]) => ({
      kind,
      key,
      visitors: tally.visitors.size + tally.anonymous,
      pageviews: tally.pageviews,
    }));
    if (counted.length <= DISTINCT_VALUES_PER_DAY) return counted;
    counted.sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews);
    const named = counted.filter((entry) => entry.key !== other);
    const kept = named.slice(0, DISTINCT_VALUES_PER_DAY - 1);
    const merged = { kind, key: other, visitors: 0, pageviews: 0 };
    for (const entry of [...named.slice(kept.length), ...counted.filter((e) => e.key === other)]) {
      merged.visitors += entry.visitors;
      merged.pageviews += entry.pageviews;
    }
    return [...kept, merged];
  }
}

/** One day's views as the roll-ups keep them: totals, sources, campaigns, pages, devices. */
export function summarizeViews(views: readonly ViewRow[]): RollupEntry[] {
  const byVisitor = new Map<string, ViewRow[]>();
  const total = new Tallies();
  const pages = new Tallies();
  const devices = new Tallies();
  const sources = new Tallies();
  const campaigns = new Tallies();
  const ordered = [...views].sort((a, b) => a.at.getTime() - b.at.getTime());
  const seen = new Set<string>();
  for (const view of ordered) {
    const isNewVisit = view.visitor === null || !seen.has(view.visitor);
    if (view.visitor !== null) {
      seen.add(view.visitor);
      const list = byVisitor.get(view.visitor) ?? [];
      list.push(view);
      byVisitor.set(view.visitor, list);
    }
    total.add('', view.visitor, isNewVisit, view.views);
    pages.add(view.path, view.visitor, isNewVisit, view.views);
    devices.add(view.device, view.visitor, isNewVisit, view.views);
    if (view.visitor === null) sources.addVisit(DIRECT, null);
  }
  for (const [visitor, list] of byVisitor) {
    const visit = visitOf(list);
    if (visit === undefined) continue;
    const source = visit.source ?? DIRECT;
    sources.addVisit(source, visitor);
    if (visit.medium !== null || visit.campaign !== null) {
      campaigns.addVisit(campaignKey(source, visit.medium, visit.campaign), visitor);
    }
  }
  return [
    ...total.entries('total'),
    ...sources.entries('source'),
    ...campaigns.entries('campaign', campaignKey(OTHER, null, null)),
    ...pages.entries('page'),
    ...devices.entries('device'),
  ];
}
