import type { StaffRole } from '../../../common/staff';
import { StudioApiError } from '../api/request';
import { describeError } from '../lib/describe-error';

export const teamCopy = {
  title: 'Team',
  intro:
    'Everyone who works in the studio. Owners can invite, rename and remove people and change roles.',
  memberIntro: 'Everyone who works in the studio. An owner can invite or change people.',
  loading: 'Loading the team…',
  roles: { owner: 'Owner', member: 'Member' } satisfies Record<StaffRole, string>,
  you: '(you)',
  inviteTitle: 'Invite someone',
  name: 'Name',
  email: 'Email address',
  role: 'Role',
  invite: 'Invite',
  invited: (name: string) =>
    `${name} is invited. We emailed them this link; you can also send it yourself. It works once, within 24 hours:`,
  copyLink: 'Copy the link',
  copied: 'Link copied.',
  rename: 'Rename',
  renameLabel: (name: string) => `New name for ${name}`,
  save: 'Save',
  renamed: (name: string) => `Renamed to ${name}.`,
  roleLabel: (name: string) => `Role of ${name}`,
  roleChanged: (name: string, role: StaffRole) =>
    `${name} is now ${role === 'owner' ? 'an owner' : 'a member'}.`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} from the team`,
  confirmRemove: (name: string) =>
    `Remove ${name}? They are signed out everywhere and their link stops working.`,
  confirmYes: 'Yes, remove',
  confirmNo: 'Keep',
  removed: (name: string) => `${name} is no longer on the team.`,
  lastOwner: 'The studio needs at least one owner: make someone else an owner first.',
  exists: 'Someone with that email address is already on the team.',
  forbidden: 'Only an owner can change the team.',
  invalid: 'Check the name (one line, up to 80 characters) and the email address.',
} as const;

/** A refused team change, in words; other failures as everywhere else in the studio. */
export function describeTeamError(error: unknown): string {
  if (!(error instanceof StudioApiError)) return describeError(error);
  switch (error.code) {
    case 'last_owner':
      return teamCopy.lastOwner;
    case 'staff_exists':
      return teamCopy.exists;
    case 'forbidden':
      return teamCopy.forbidden;
    case 'invalid_request':
      return teamCopy.invalid;
    default:
      return describeError(error);
  }
}
