import { StudioApiError } from '../api/request';
import type { InvalidContent, RevisionConflict } from '../api/types';

/** The refusals of the site's API that say more than a code, recognised by status and body. */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** 412: someone else saved the draft first; the answer carries it. */
export function readConflict(error: unknown): RevisionConflict | null {
  if (!(error instanceof StudioApiError) || error.status !== 412) return null;
  const { payload } = error;
  if (!isRecord(payload) || !isRecord(payload.current)) return null;
  const { content, revision } = payload.current;
  if (!isRecord(content) || typeof revision !== 'string') return null;
  return payload as RevisionConflict;
}

/** 422: the document was refused; the answer names each field's problem. */
export function readInvalid(error: unknown): InvalidContent | null {
  if (!(error instanceof StudioApiError) || error.status !== 422) return null;
  const { payload } = error;
  if (!isRecord(payload) || payload.error !== 'invalid_content') return null;
  return isRecord(payload.fieldErrors) ? (payload as InvalidContent) : null;
}
