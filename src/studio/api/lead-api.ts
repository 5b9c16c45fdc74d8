import type { LeadDraft, LeadDraftKind } from '../../../common/lead-drafts';
import type { LeadNote, ReplyQueued } from '../../../common/leads';
import type { SavedReply } from '../../../common/saved-replies';
import { noteLeadFieldsSaved } from './kept-lists';
import { requestJson, requestWithoutBody, STUDIO_API } from './request';
import type { LeadFields, StaffMember, WaitingEnquiry } from './types';

type Items<T> = { items: T[] };

const leadPath = (id: string) => `leads/${encodeURIComponent(id)}`;

/** A reply with its files as a form; without files, as JSON. */
function replyBody(reply: { text: string; cc: string[]; files: readonly File[] }) {
  if (reply.files.length === 0) return { text: reply.text, cc: reply.cc };
  const form = new FormData();
  form.set('text', reply.text);
  for (const address of reply.cc) form.append('cc', address);
  for (const file of reply.files) form.append('files', file, file.name);
  return form;
}

/** Stores the reply and queues its email; it is in the thread as `queued` from now on. */
export const sendReply = (
  id: string,
  reply: { text: string; cc: string[]; files: readonly File[] },
) =>
  requestJson<ReplyQueued>(`${leadPath(id)}/replies`, {
    method: 'POST',
    body: replyBody(reply),
  });

/** Saves a lead's fields; the inbox kept for the way back shows them too. */
export async function changeLead(id: string, change: Partial<LeadFields>): Promise<LeadFields> {
  const saved = await requestJson<LeadFields>(leadPath(id), {
    method: 'PATCH',
    body: change,
    keepsListsShown: true,
  });
  noteLeadFieldsSaved(id, saved);
  return saved;
}

export const addNote = (id: string, text: string) =>
  requestJson<LeadNote>(`${leadPath(id)}/notes`, { method: 'POST', body: { text } });

/** The signed-in person's half-written reply and note on the enquiry. */
export const getDrafts = (id: string, signal?: AbortSignal) =>
  requestJson<Items<LeadDraft>>(`${leadPath(id)}/drafts`, signal ? { signal } : {});

/** Keeps the words on the server; `keepalive` when the page is closing. */
export const saveDraft = (id: string, kind: LeadDraftKind, text: string, keepalive = false) =>
  requestJson<LeadDraft>(`${leadPath(id)}/drafts/${kind}`, {
    method: 'PUT',
    body: { text },
    keepalive,
    keepsListsShown: true,
  });

export const discardDraft = (id: string, kind: LeadDraftKind, keepalive = false) =>
  requestWithoutBody(`${leadPath(id)}/drafts/${kind}`, {
    method: 'DELETE',
    keepalive,
    keepsListsShown: true,
  });

/** A plain link: the browser downloads the file with the session cookie. */
export const attachmentHref = (id: string, attachmentId: string) =>
  `${STUDIO_API}${leadPath(id)}/attachments/${encodeURIComponent(attachmentId)}`;

/** Open leads whose client spoke last, the longest waiting first. */
export const listWaiting = (signal?: AbortSignal) =>
  requestJson<Items<WaitingEnquiry>>('leads/waiting', signal ? { signal } : {});

export const listStaff = (signal?: AbortSignal) =>
  requestJson<Items<StaffMember>>('staff', signal ? { signal } : {});

export const getSavedReplies = (signal?: AbortSignal) =>
  requestJson<Items<SavedReply>>('saved-replies', signal ? { signal } : {});

export const saveSavedReplies = (items: readonly SavedReply[]) =>
  requestJson<Items<SavedReply>>('saved-replies', { method: 'PUT', body: { items } });
