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
  noticesTitle: 'When a client answers',
  noticesIntro:
    'A client’s answer to a lead you own (or to one nobody owns, if you are an owner) lands in its thread. How would you like to hear of it?',
  notifyChoices: {
    immediately: 'Email me a link to it straight away',
    digest: 'List it in my morning digest',
    never: 'Don’t tell me; I will see it in the studio',
  },
  saveNotices: 'Save',
  noticesSaved: 'Saved: you will be told as you chose.',
  passwordTitle: 'Change your password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 12 characters.',
  changePassword: 'Change password',
  passwordChanged: 'Your password is changed. Your other sessions are signed out; this one stays.',
  wrongPassword: 'That is not your current password.',
  team: 'Team',
} as const;
