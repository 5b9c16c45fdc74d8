import { sql, type Expression, type SqlBool } from 'kysely';
import { OPEN_STAGES, type LeadStage } from '../../../common/leads';

/**
 * The inbox's lead filters: a stage, an owner, and `dueOn`, the studio's today: open leads
 * whose follow-up falls on or before it. Left out or null, each means any.
 */
export type LeadFilter = { stage?: LeadStage | null; owner?: string | null; dueOn?: string | null };

/**
 * Conditions on `enquiries` for the lead filters. An enquiry without a lead row is a `new`
 * lead with no owner, so `new` is "no row says otherwise".
 */
export function matchesLeadFilter(filter: LeadFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.stage === 'new') {
    conditions.push(
      sql<SqlBool>`not exists (select 1 from leads where leads.enquiry_id = enquiries.id and leads.stage <> 'new')`,
    );
  } else if (filter.stage != null) {
    conditions.push(
      sql<SqlBool>`exists (select 1 from leads where leads.enquiry_id = enquiries.id and leads.stage = ${filter.stage})`,
    );
  }
  if (filter.owner != null) {
    conditions.push(
      sql<SqlBool>`exists (select 1 from leads where leads.enquiry_id = enquiries.id and leads.owner = ${filter.owner})`,
    );
  }
  if (filter.dueOn != null) {
    conditions.push(
      sql<SqlBool>`exists (select 1 from leads where leads.enquiry_id = enquiries.id and leads.follow_up_on <= ${filter.dueOn} and leads.stage in (${sql.join(OPEN_STAGES)}))`,
    );
  }
  return conditions;
}
