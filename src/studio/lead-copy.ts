import {
  LEAD_STAGES,
  type CalendarAnswer,
  type CallEventKind,
  type LeadStage,
  type ThreadMessageState,
} from '../../common/leads';
import { SAVED_REPLY_LIMITS } from '../../common/saved-reply-limits';

/** The words of a lead: its stage, owner, notes, the email thread and the reply box. */
export const stageNames: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
};

/** The stages in their order, as a drop-down offers them. */
export const stageChoices = LEAD_STAGES.map((stage) => ({
  value: stage,
  label: stageNames[stage],
}));

export const leadCopy = {
  fieldsTitle: 'Lead',
  stage: 'Stage',
  owner: 'Owner',
  nobody: 'Nobody yet',
  followUp: 'Follow up on',
  followUpHint: 'Leave empty for no follow-up.',
  value: 'Value',
  currency: 'Currency',
  valueHint: 'What the work is worth, e.g. 12000 or 12000.50. Leave empty for none.',
  valueInvalid: (currency: string) =>
    `Write the amount as digits, with at most the decimals ${currency} has (e.g. 12000.50).`,
  save: 'Save lead',
  saving: 'Saving…',
  saved: (stage: string, owner: string | null, followUp: string | null) =>
    `Saved: ${stage}, ${owner ?? 'no owner'}, ${followUp ? `follow up on ${followUp}` : 'no follow-up'}.`,
  loadingStaff: 'Loading the staff…',
  leaveWarning: 'The stage, owner or follow-up you changed is not saved. Leave without saving it?',
} as const;

export const draftCopy = {
  saving: 'Saving draft…',
  saved: 'Draft saved',
  unsaved: 'Not saved yet',
  failed: (reason: string) => `Draft not saved: ${reason}`,
  signedOut: 'Draft not saved: your session has ended. Sign in again to keep it.',
  discard: 'Discard draft',
  discarded: 'Draft discarded.',
  leaveWarning: 'A reply or note you are writing is not saved yet. Leave without it?',
} as const;

export const threadCopy = {
  title: 'Conversation',
  empty:
    'No replies yet. Write the first one below: it is sent by email and the answer comes back here.',
  from: 'From',
  to: 'to',
  /** An enquiry or a booking that joined the lead came through the site's form, not by email. */
  throughTheSite: 'through the site',
  states: {
    queued: 'Queued',
    sent: 'Sent',
    retrying: 'Not sent yet, retrying',
    failed: 'Not sent',
    received: 'Received',
  } satisfies Record<ThreadMessageState, string>,
  reason: 'Why',
  outgoing: 'Our reply',
  acknowledgement: 'Our acknowledgement',
  cc: 'copying',
  incoming: 'Their answer',
  thirdParty: 'Third party',
  thirdPartyHint: 'From someone other than the address that sent the enquiry.',
  unverifiedIncoming: 'Answer from an unverified sender',
  unverified: 'Unverified sender',
  unverifiedHint: (from: string) =>
    `The studio's mail server did not confirm that this came from ${from}: anyone can write an address as the sender. Check with them before acting on it.`,
  throughTheSiteIncoming: 'Sent through the website, address not confirmed',
  addressNotConfirmed: 'Address not confirmed',
  throughTheSiteHint: (from: string) =>
    `Sent through the website's form: anyone can type ${from} there, and nothing confirmed it is theirs. Check with them before acting on it.`,
  sendersNotChecked:
    'Senders are not verified: the server is not told which mail server to trust (IMAP_AUTHSERV_ID), so every answer here could have been written by anyone.',
  truncated:
    'This message was bigger than the studio keeps (10 MB), so its end or some attachments were left out.',
  attachments: 'Attachments',
  download: (name: string, size: string) => `${name} (${size})`,
  /** A calendar's reply to the call's invitation, said as what the person did. */
  calendarAnswers: {
    accepted: 'Accepted the invitation to the call',
    declined: 'Declined the invitation to the call',
    tentative: 'Said maybe to the invitation to the call (tentative)',
  } satisfies Record<CalendarAnswer, string>,
} as const;

/** A call's changes as the thread names them; their words are `common/call-event-words.ts`. */
export const callEventCopy = {
  labels: {
    booked: 'Call booked',
    moved: 'Call moved',
    cancelled: 'Call cancelled',
  } satisfies Record<CallEventKind, string>,
} as const;

export const replyCopy = {
  title: 'Reply',
  label: (name: string) => `Reply to ${name}`,
  hint: 'Plain text, sent by email from the studio in your name, with your signature.',
  answersHere: 'Their answer comes back into this conversation.',
  answersElsewhere: (address: string) =>
    `No mailbox is connected: their answer will arrive at ${address}, not here.`,
  cc: 'Copy to (optional)',
  ccHint: 'Email addresses, separated by commas.',
  files: 'Attach files (optional)',
  filesHint:
    'Up to 10 MB in all, such as a proposal PDF. The draft keeps your words, not the files: send them before you leave this lead.',
  unsentFilesWarning:
    'The files attached to your reply (and its CC) are not kept with the draft. Leave without them?',
  tooLarge: 'The files are over 10 MB in all. Choose fewer or smaller ones.',
  savedReplies: 'Saved reply',
  chooseSaved: 'Choose a saved reply',
  insert: 'Insert',
  noSaved: 'No saved replies yet.',
  send: 'Send',
  sending: 'Sending…',
  queued: 'Reply queued: it shows below as Queued until the mail server takes it.',
  sent: 'Your reply was sent.',
  retrying: (reason: string) => `Your reply is not sent yet, it will be retried: ${reason}`,
  failed: (reason: string) => `Your reply could not be sent: ${reason}`,
  empty: 'Write something to send.',
  inserted: (title: string) => `Inserted “${title}”.`,
} as const;

export const savedRepliesCopy = {
  edit: 'Edit saved replies',
  title: 'Saved replies',
  intro: `Shared by everyone in the studio. At most ${SAVED_REPLY_LIMITS.count}.`,
  replyTitle: 'Title',
  replyText: 'Text',
  item: (position: number) => `Saved reply ${position}`,
  add: 'Add a saved reply',
  remove: (position: number) => `Remove saved reply ${position}`,
  removeLabel: 'Remove',
  save: 'Save saved replies',
  saving: 'Saving…',
  saved: (count: number) =>
    count === 1 ? 'Saved: 1 saved reply.' : `Saved: ${count} saved replies.`,
  refused:
    'Not saved: each reply needs a title (one line, unique) and a text, within the limits shown.',
  full: `The list holds at most ${SAVED_REPLY_LIMITS.count}.`,
  none: 'No saved replies yet.',
} as const;

export const notesCopy = {
  title: 'Private notes',
  intro: 'Only the studio sees these.',
  empty: 'No notes yet.',
  label: 'New note',
  add: 'Add note',
  adding: 'Adding…',
  added: 'Note added.',
} as const;

export const leadViewsCopy = {
  label: 'Views',
  all: 'All enquiries',
  due: 'Due',
  mine: 'Mine',
  waiting: 'Waiting for us',
  board: 'Board',
  newReply: 'New reply',
  returning: 'Returning client',
  stageOf: (stage: string) => `Stage: ${stage}`,
  facts: 'About this lead',
  ownerOf: (owner: string) => `Owner: ${owner}`,
  noOwner: 'No owner',
  followUpOn: (day: string) => `Follow up ${day}`,
  age: (days: number) => (days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`),
  worth: (amount: string) => `Worth ${amount}`,
  stage: 'Stage',
  anyStage: 'Any stage',
  owner: 'Owner',
  anyOwner: 'Anyone',
} as const;

export const waitingCopy = {
  title: 'Waiting for us',
  intro: 'Open leads whose client spoke last, the longest waiting first.',
  loading: 'Loading the leads waiting for us…',
  empty: 'Nobody is waiting for an answer.',
  since: 'Waiting since ',
  count: (count: number) =>
    count === 1 ? '1 lead waits for an answer.' : `${count} leads wait for an answer.`,
} as const;

export const boardCopy = {
  title: 'Board',
  intro:
    'Open leads by stage. Move one with its buttons (or drag it to another column with a pointer).',
  loading: 'Loading the leads…',
  limited: (count: number) => `Showing the ${count} most recent open enquiries.`,
  column: (stage: string, count: number) => `${stage}, ${count}`,
  total: (amounts: readonly string[]) => `Total ${amounts.join(' + ')}`,
  empty: 'None.',
  moveTo: (name: string, stage: string) => `Move ${name} to ${stage}`,
  moved: (name: string, stage: string) => `${name} moved to ${stage}.`,
  moving: (name: string) => `Moving ${name}…`,
} as const;

/** A file size as people read it: bytes, KB or MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const unreadableMailCopy = {
  title: (count: number) =>
    count === 1
      ? '1 message in the mailbox reached no lead'
      : `${count} messages in the mailbox reached no lead`,
  intro:
    'Each could not be read, or answers an email from the studio whose lead is gone; each says why. Download one to open it in your mail program, then dismiss it here.',
  unknownSender: 'Sender unknown',
  noSubject: 'Subject unknown',
  received: (when: string, size: string) => `Received ${when} · ${size}`,
  cut: (kept: string) => `The raw copy holds its first ${kept}.`,
  download: 'Download the raw message',
  dismiss: 'Dismiss',
  dismissing: 'Dismissing…',
  dismissed: 'Dismissed.',
} as const;
