import type { UnreadableMail } from '../../../common/unreadable-mail';
import { requestJson, requestWithoutBody, STUDIO_API } from './request';

const BASE = 'mailbox/unreadable';
const itemPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Mail the mailbox watch could not read, set aside for staff, the newest first. */
export const listUnreadableMail = (signal?: AbortSignal) =>
  requestJson<{ items: UnreadableMail[] }>(BASE, signal ? { signal } : {});

/** A plain link: the browser downloads the .eml with the session cookie. */
export const unreadableMailHref = (id: string) => `${STUDIO_API}${itemPath(id)}/raw`;

export const dismissUnreadableMail = (id: string) =>
  requestWithoutBody(itemPath(id), { method: 'DELETE' });
