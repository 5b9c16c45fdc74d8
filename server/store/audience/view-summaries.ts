import { sql, type Kysely } from 'kysely';
import {
  campaignKey,
  DIRECT,
  DISTINCT_VALUES_PER_DAY,
  OTHER,
  type RollupEntry,
  type RollupKind,
} from '../../audience/summarize-views';
import type { Database } from '../db/schema';

/**
 * Joins a campaign's source, medium and campaign into one key inside the query. Stored values
 * are cleaned of control characters (visit-source.ts), so a line break cannot be part of one,
 * and an empty part can only be a missing one.
 */
const PART_BREAK = '\n';

/** The campaign `other` holds the rest in, as the joined key. */
const OTHER_CAMPAIGN = [OTHER, '', ''].join(PART_BREAK);

type SummaryRow = {
  day: string;
  kind: RollupKind;
  key: string;
  visitors: number | string;
  pageviews: number | string;
};

function campaignKeyOf(joined: string): string {
  const [source = OTHER, medium = '', campaign = ''] = joined.split(PART_BREAK);
  return campaignKey(source, medium === '' ? null : medium, campaign === '' ? null : campaign);
}

/**
 * Each day's roll-up entries of the raw views of the days from `from` to `to` not rolled up
 * yet, counted by the database: what comes back is at most DISTINCT_VALUES_PER_DAY rows per
 * day and dimension, however many views there were.
 *
 * - A visitor is counted once per key (`count(distinct visitor)`); a view under Global Privacy
 *   Control has no visitor and counts the visits its row begins (`visits`, 0 for a browser's
 *   further views within its minute).
 * - A visitor's source and campaign are those of its visit (summarize-views.ts, `visitOf`):
 *   its latest view with a source, else its first view. Views with no visitor are `direct`.
 * - Past DISTINCT_VALUES_PER_DAY keys, the most visited DISTINCT_VALUES_PER_DAY - 1 are kept
 *   and the rest are added up in `other` (ties: most page views, then the key).
 */
export async function summarizeRawViews(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<(RollupEntry & { day: string })[]> {
  // Constants go in as literals, not parameters: PostgreSQL matches a grouped expression to
  // the selected one only when they are written the same, and two parameters never are.
  const direct = sql.lit(DIRECT);
  const partBreak = sql.lit(PART_BREAK);
  const cap = sql.lit(DISTINCT_VALUES_PER_DAY);
  const visitorsOf = sql`count(distinct visitor) + sum(case when visitor is null then visits else 0 end)`;
  const campaignOf = sql`coalesce(source, ${direct}) || ${partBreak} || coalesce(medium, '') || ${partBreak} || coalesce(campaign, '')`;
  const otherOf = sql`case when kind = 'campaign' then ${sql.lit(OTHER_CAMPAIGN)} else ${sql.lit(OTHER)} end`;
  const result = await sql<SummaryRow>`
    with raw as (
      select id, day, at, visitor, path, source, medium, campaign, device, views, visits
      from audience_views
      where day between ${from} and ${to}
        and day not in (select day from audience_rollup_days)
    ),
    arrivals as (
      select day, source, medium, campaign,
        row_number() over (
          partition by day, visitor
          order by
            case when source is null then 1 else 0 end,
            case when source is null then null else at end desc,
            case when source is null then null else id end desc,
            at, id
        ) as nth
      from raw
      where visitor is not null
    ),
    counted (day, kind, key, visitors, pageviews) as (
      select day, 'total', '', ${visitorsOf}, sum(views) from raw group by day
      union all
      select day, 'page', path, ${visitorsOf}, sum(views) from raw group by day, path
      union all
      select day, 'device', device, ${visitorsOf}, sum(views) from raw group by day, device
      union all
      select day, 'source', coalesce(source, ${direct}), count(*), 0
      from arrivals where nth = 1 group by day, coalesce(source, ${direct})
      union all
      select day, 'source', ${direct}, sum(visits), 0 from raw where visitor is null group by day
      union all
      select day, 'campaign', ${campaignOf}, count(*), 0
      from arrivals
      where nth = 1 and (medium is not null or campaign is not null)
      group by day, ${campaignOf}
    ),
    merged as (
      select day, kind, key, sum(visitors) as visitors, sum(pageviews) as pageviews
      from counted group by day, kind, key
    ),
    ranked as (
      select day, kind, key, visitors, pageviews, ${otherOf} as other,
        count(*) over (partition by day, kind) as key_count,
        row_number() over (
          partition by day, kind
          order by case when key = ${otherOf} then 1 else 0 end, visitors desc, pageviews desc, key
        ) as place
      from merged
    ),
    capped as (
      select day, kind, visitors, pageviews,
        case
          when key_count <= ${cap}
            or (key <> other and place < ${cap}) then key
          else other
        end as kept
      from ranked
    )
    select day, kind, kept as key, sum(visitors) as visitors, sum(pageviews) as pageviews
    from capped group by day, kind, kept`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    kind: row.kind,
    key: row.kind === 'campaign' ? campaignKeyOf(row.key) : row.key,
    visitors: Number(row.visitors),
    pageviews: Number(row.pageviews),
  }));
}
