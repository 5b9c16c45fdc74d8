import type { NotifyChoice, StaffRole, TeamMember } from '../../../common/staff';
import { requestJson, requestWithoutBody } from './request';

const colleague = (email: string) => `staff/${encodeURIComponent(email)}`;

export type OwnProfile = TeamMember & { signature: string; notify: NotifyChoice };

export const listTeam = (signal?: AbortSignal) =>
  requestJson<{ items: TeamMember[] }>('staff', signal ? { signal } : {});

/** Adds a colleague; answers with their one-time link, which is also emailed to them. */
export const inviteColleague = (invitee: TeamMember) =>
  requestJson<{ email: string; link: string }>('staff', { method: 'POST', body: invitee });

export const changeColleague = (email: string, change: { name?: string; role?: StaffRole }) =>
  requestJson<TeamMember>(colleague(email), { method: 'PATCH', body: change });

export const removeColleague = (email: string) =>
  requestWithoutBody(colleague(email), { method: 'DELETE' });

export const changeOwnProfile = (change: {
  name?: string;
  signature?: string;
  notify?: NotifyChoice;
}) => requestJson<OwnProfile>('me', { method: 'PATCH', body: change });

export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  requestWithoutBody('me/password', { method: 'POST', body: { currentPassword, newPassword } });
