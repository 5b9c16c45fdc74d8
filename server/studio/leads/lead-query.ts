import { LEAD_STAGES } from '../../../common/leads';
import type { LeadFilter } from '../../store/leads/lead-filter';

/** Longest owner accepted in a query: an email address's limit. */
const OWNER_LENGTH = 254;

/** Who is asking, and the studio's today (`YYYY-MM-DD` in STUDIO_TIME_ZONE). */
export type ListContext = { me: string; today: string };

/**
 * The list's `stage`, `owner` (an address, or `me`: the caller) and `view` (`due`: open leads
 * whose follow-up is today or earlier) parameters; null when one is not what the app sends.
 */
export function readLeadFilter(
  parameters: Map<string, string>,
  context: ListContext,
): LeadFilter | null {
  const stageParameter = parameters.get('stage');
  const ownerParameter = parameters.get('owner') ?? null;
  const view = parameters.get('view');
  const stage = LEAD_STAGES.find((value) => value === stageParameter) ?? null;
  if (stageParameter !== undefined && stage === null) return null;
  if (view !== undefined && view !== 'due') return null;
  const owner = ownerParameter === 'me' ? context.me : ownerParameter;
  if (owner !== null && (owner.length > OWNER_LENGTH || !owner.includes('@'))) return null;
  return { stage, owner, dueOn: view === 'due' ? context.today : null };
}
