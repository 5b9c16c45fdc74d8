import { StudioApiError } from '../api/request';
import { describeError } from '../lib/describe-error';
import { letterCopy } from './letters-copy';

/** The words on screen could not be saved, so an action on the saved draft was not asked for. */
export class UnsavedWordsError extends Error {
  override name = 'UnsavedWordsError';
}

/** A letter's refusals in words: a draft gone, a letter with no words, a member sending. */
export function describeLetterError(error: unknown): string {
  if (error instanceof UnsavedWordsError) return letterCopy.errors.unsaved;
  if (error instanceof StudioApiError) {
    if (error.code === 'not_a_draft') return letterCopy.errors.not_a_draft;
    if (error.code === 'empty_letter') return letterCopy.errors.empty_letter;
    if (error.status === 403 && error.code !== 'cross_site') return letterCopy.errors.forbidden;
  }
  return describeError(error);
}
