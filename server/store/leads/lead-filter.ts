import { sql, type Expression, type SqlBool } from 'kysely';
import type { LeadStage } from '../../../common/leads';

/** The inbox's lead filters: a stage, an owner; left out or null, either means any. */
export type LeadFilter = { stage?: LeadStage | null; owner?: string | null };

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
  return conditions;
}
