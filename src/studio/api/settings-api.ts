import type { MailboxState, StudioSettings } from '../../../common/studio-settings';
import { requestJson } from './request';

/** Whether the client's answers come back into the studio, and since when it last read them. */
export const getMailbox = (signal?: AbortSignal) =>
  requestJson<MailboxState>('mailbox', signal ? { signal } : {});

export const getSettings = (signal?: AbortSignal) =>
  requestJson<StudioSettings>('settings', signal ? { signal } : {});

/** Replaces the studio's settings; a 422 says what is wrong with each field. */
export const saveSettings = (settings: StudioSettings) =>
  requestJson<StudioSettings>('settings', { method: 'PUT', body: settings });
