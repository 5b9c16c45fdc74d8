import type {
  Letter,
  LetterDraft,
  LetterListItem,
  LetterPreview,
  LetterSendStarted,
  LetterState,
} from '../../../common/letters';
import { requestJson, requestWithoutBody } from './request';

const letter = (id: string) => `letters/${encodeURIComponent(id)}`;

/** Every letter, newest first. */
export const listLetters = (signal?: AbortSignal) =>
  requestJson<{ items: LetterListItem[] }>('letters', signal ? { signal } : {});

export const createLetter = (draft: LetterDraft) =>
  requestJson<Pick<Letter, 'id' | 'slug' | 'state'>>('letters', { method: 'POST', body: draft });

export const getLetter = (id: string, signal?: AbortSignal) =>
  requestJson<Letter>(letter(id), signal ? { signal } : {});

/**
 * Saves a draft's words. No list the studio keeps shows a letter, so they stay; `keepalive`
 * lets the last words leave with a closing tab.
 */
export const saveLetterDraft = (id: string, draft: LetterDraft, keepalive = false) =>
  requestWithoutBody(letter(id), {
    method: 'PATCH',
    body: draft,
    keepsListsShown: true,
    keepalive,
  });

export const deleteLetter = (id: string) => requestWithoutBody(letter(id), { method: 'DELETE' });

/** The email as a mail client shows it, made from words not yet saved; it changes nothing. */
export const previewLetter = (draft: LetterDraft, signal?: AbortSignal) =>
  requestJson<LetterPreview>('letters/preview', {
    method: 'POST',
    body: draft,
    keepsListsShown: true,
    ...(signal ? { signal } : {}),
  });

/** One copy of the saved draft to the signed-in person's own address. */
export const sendLetterTest = (id: string) =>
  requestWithoutBody(`${letter(id)}/test`, { method: 'POST', keepsListsShown: true });

/** To every confirmed subscriber, now or at `at` (owners only). */
export const sendLetter = (id: string, at: Date | null) =>
  requestJson<LetterSendStarted>(`${letter(id)}/send`, {
    method: 'POST',
    body: at === null ? {} : { at: at.toISOString() },
    keepsListsShown: true,
  });

export type LetterControl = 'pause' | 'resume' | 'cancel';

export const controlLetter = (id: string, control: LetterControl) =>
  requestJson<{ state: LetterState }>(`${letter(id)}/${control}`, {
    method: 'POST',
    keepsListsShown: true,
  });
