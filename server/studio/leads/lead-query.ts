import { LEAD_STAGES } from '../../../common/leads';
import type { LeadFilter } from '../../store/leads/lead-filter';

/** Longest owner accepted in a query: an email address's limit. */
const OWNER_LENGTH = 254;

/** The list's `stage` and `owner` parameters; null when either is not one the app sends. */
export function readLeadFilter(parameters: Map<string, string>): LeadFilter | null {
  const stageParameter = parameters.get('stage');
  const owner = parameters.get('owner') ?? null;
  const stage = LEAD_STAGES.find((value) => value === stageParameter) ?? null;
  if (stageParameter !== undefined && stage === null) return null;
  if (owner !== null && (owner.length > OWNER_LENGTH || !owner.includes('@'))) return null;
  return { stage, owner };
}
