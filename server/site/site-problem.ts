import * as z from 'zod/mini';
import { toSiteContentFieldErrors } from '../../common/site-content-errors';

/** Why the published document is not the page served, for the operator and the studio. */
export type SiteProblem = {
  /** The published revision that could not be shown. */
  revision: string;
  /** The content field at fault as a dotted path (`hero.headline.lead`), when one is known. */
  field: string | null;
  /** What went wrong, in a sentence; never a stack. */
  message: string;
  /** When this revision first failed. */
  since: Date;
};

/**
 * Names the field at fault when the document broke a rule (a row stored under older rules that
 * this release rejects); a render or compression that threw has no field, only its message.
 */
export function describeSiteProblem(error: unknown): Pick<SiteProblem, 'field' | 'message'> {
  if (error instanceof z.core.$ZodError) {
    const [field, code] = Object.entries(toSiteContentFieldErrors(error))[0] ?? [];
    if (field !== undefined) {
      return { field, message: `the field ${field} breaks a rule of this release (${code})` };
    }
  }
  if (error instanceof SyntaxError)
    return { field: null, message: 'the stored document is not JSON' };
  return { field: null, message: error instanceof Error ? error.message : String(error) };
}

/** The sentence /readyz gives the operator. */
export function describeForOperator(problem: SiteProblem): string {
  const where = problem.field === null ? '' : ` (field ${problem.field})`;
  return `the published page ${problem.revision} cannot be shown${where}: ${problem.message}; the previous page is served`;
}
