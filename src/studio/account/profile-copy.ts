import { SIGNATURE_MAX_LENGTH } from '../../../common/staff';

export const profileCopy = {
  profileTitle: 'Your name and signature',
  profileIntro:
    'Colleagues see your name on leads; clients see it, and your signature, on your replies.',
  name: 'Name',
  signature: 'Signature',
  signatureHint: `Ends each reply you send. Several lines are fine, up to ${SIGNATURE_MAX_LENGTH} characters.`,
  saveProfile: 'Save name and signature',
  profileSaved: 'Your name and signature are saved.',
  profileRefused: 'Check your name: one line, up to 80 characters, no special characters.',
  passwordTitle: 'Change your password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 12 characters.',
  changePassword: 'Change password',
  passwordChanged: 'Your password is changed. Your other sessions are signed out; this one stays.',
  wrongPassword: 'That is not your current password.',
  team: 'Team',
  teamLink: 'See who is on the team',
} as const;
