import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date | string, string, string>;

/** A random key for one UTC day's visitor hashes; deleted once the day is over. */
export type AudienceSaltTable = { day: string; salt: string };

/** A counted view of a public page by a person, or the same view repeated within a moment. */
export type AudienceViewTable = {
  id: Generated<number>;
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  at: Timestamp;
  /** HMAC of the day's salt, the address and the user agent; null under Global Privacy Control. */
  visitor: string | null;
  /** The page, or `not-found` for every 404. */
  path: string;
  /** Where this view came from (referrer domain, utm_source or ref); null from the site itself. */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  device: string;
  /** The published revision served; null while the build's own page was. */
  revision: string | null;
  /** How many identical views this row stands for: 1, or more for a reload within a moment. */
  views: number;
  /**
   * How many visits the row begins, read only when it has no visitor: 0 for a view under
   * Global Privacy Control from a browser already counted within the minute, else 1.
   */
  visits: number;
};

/** One Web Vitals sample from the page's beacon. */
export type AudienceVitalTable = {
  id: Generated<number>;
  day: string;
  device: string;
  revision: string | null;
  metric: string;
  value: number;
};

/** Views by bots, per day: counted, shown, never mixed in. */
export type AudienceFilteredTable = { day: string; views: number };

/** A day whose roll-ups are written: its raw rows may go. */
export type AudienceRollupDayTable = { day: string; rolled_at: Timestamp };

export type AudienceRollupTable = {
  day: string;
  kind: 'total' | 'source' | 'campaign' | 'page' | 'device';
  key: string;
  visitors: number;
  pageviews: number;
};

/** A day's samples of one metric on one device and revision, as a histogram (JSON). */
export type AudienceVitalRollupTable = {
  day: string;
  device: string;
  /** `''` for the build's own page. */
  revision: string;
  metric: string;
  histogram: string;
};

/** The visit an enquiry came from, found by the visitor's hash on the day it arrived. */
export type EnquiryAttributionTable = {
  enquiry_id: string;
  source: string;
  medium: string | null;
  campaign: string | null;
  landing_path: string;
  revision: string | null;
  visited_at: Timestamp;
};

/** The visit a newsletter subscriber came from, found when the address was confirmed. */
export type SubscriberAttributionTable = Omit<EnquiryAttributionTable, 'enquiry_id'> & {
  subscriber_id: string;
};

export type AudienceDatabase = {
  audience_salts: AudienceSaltTable;
  audience_views: AudienceViewTable;
  audience_vitals: AudienceVitalTable;
  audience_filtered: AudienceFilteredTable;
  audience_rollup_days: AudienceRollupDayTable;
  audience_rollups: AudienceRollupTable;
  audience_vital_rollups: AudienceVitalRollupTable;
  enquiry_attributions: EnquiryAttributionTable;
  subscriber_attributions: SubscriberAttributionTable;
};
