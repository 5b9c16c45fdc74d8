import type { LetterState } from '../../../common/letters';

/** The words of the Letters screens, in one place; dates and times arrive formatted. */
export const lettersCopy = {
  title: 'Letters',
  intro:
    'Emails to the newsletter’s confirmed subscribers. Write a draft, send yourself a test, then send it now or at a time you choose.',
  loading: 'Loading the letters…',
  empty: 'No letters yet. Start one with “New letter”.',
  count: (count: number) => (count === 1 ? '1 letter' : `${count} letters`),
  newLetter: 'New letter',
  newLetterTitle: 'A new letter',
  newSubject: 'Subject',
  start: 'Start writing',
  starting: 'Starting…',
  close: 'Close',
  untitled: '(No subject yet)',
  states: {
    draft: 'Draft',
    scheduled: 'Scheduled',
    sending: 'Sending',
    paused: 'Paused',
    sent: 'Sent',
    cancelled: 'Cancelled',
  } satisfies Record<LetterState, string>,
  sendsOn: 'Sends on',
  sentOn: 'Sent on',
  counts: (counts: { sent: number; failed: number; bounced: number; left: number }) =>
    `${counts.sent} sent · ${counts.failed} failed · ${counts.bounced} bounced · ${counts.left} left`,
  /** Said while copies still leave, once two polls have shown how fast. */
  timeLeft: (minutes: number) =>
    minutes <= 1 ? 'About a minute to go.' : `About ${minutes} minutes to go.`,
  nowSending: (count: number) =>
    count === 1 ? 'One letter is being sent.' : `${count} letters are being sent.`,
} as const;

export const letterCopy = {
  loading: 'Loading the letter…',
  backToLetters: 'All letters',
  documentTitle: (subject: string) => `Letter: ${subject}`,
  subject: 'Subject',
  preview: 'Preview line',
  previewHint:
    'Most inboxes show it after the subject. Leave it empty to let them take the first words.',
  body: 'The letter',
  bodyHint: 'Written in Markdown; see “What the letter can hold” below.',
  guideTitle: 'What the letter can hold',
  saveState: {
    saved: 'All changes saved.',
    unsaved: 'Changes not saved yet…',
    saving: 'Saving…',
    failed: (reason: string) =>
      `Not saved: ${reason} Your words are kept in this tab and saving is tried again.`,
    notADraft:
      'Not saved: this letter is no longer a draft (it was sent or scheduled meanwhile). Your last words are kept in this tab.',
  },
  leaveWarning: 'The letter’s latest words are not saved yet. Leave without them?',
  previewTitle: 'How it looks in an inbox',
  previewFrame: 'The letter as an email client shows it',
  previewLoading: 'Drawing the preview…',
  previewFailed: (reason: string) => `The preview could not be drawn: ${reason}`,
  width: 'Width',
  phone: 'Phone (390 px)',
  desktop: 'Desktop (600 px)',
  theme: 'Colours',
  light: 'Light',
  dark: 'Dark',
  actions: 'Sending',
  sendTest: 'Send me a test',
  sendingTest: 'Sending the test…',
  testSent: (address: string) => `Sent to ${address}.`,
  sendNow: 'Send now',
  sendAt: 'Send at…',
  ownersOnly: 'Only an owner can send a letter.',
  scheduleTitle: 'Send at a time',
  scheduleHint: (timeZone: string) => `In the studio’s time zone, ${timeZone}.`,
  date: 'Date',
  time: (timeZone: string) => `Time (${timeZone})`,
  schedule: 'Choose this time',
  missingTime: 'Choose a date and a time.',
  pastTime: 'Choose a time still to come.',
  counting: 'Counting the subscribers…',
  confirmNow: (count: number) =>
    `Send this letter now to ${subscribers(count)}? Once it has left it cannot be taken back.`,
  confirmAt: (count: number, when: string) =>
    `Send this letter on ${when} to every subscriber confirmed by then (${subscribers(count)} today)?`,
  yesSendNow: 'Yes, send it now',
  yesSchedule: 'Yes, send it then',
  notYet: 'Not yet',
  startedSending: (count: number) => `Sending to ${subscribers(count)}.`,
  scheduled: (when: string, count: number) =>
    `Scheduled for ${when}: ${subscribers(count)} as of now.`,
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel the letter',
  cancelQuestion:
    'Cancel this letter? The subscribers not sent it yet will never get it; those who have, keep it.',
  yesCancel: 'Yes, cancel it',
  keepIt: 'Keep it',
  paused: 'Paused: no more copies leave until you resume.',
  resumed: 'Sending again.',
  cancelled: 'Cancelled: no more copies will leave.',
  deleteDraft: 'Delete draft',
  deleteQuestion: 'Delete this draft? Its words cannot be brought back.',
  yesDelete: 'Yes, delete it',
  readOnly: 'This letter has left the drafts, so its words can no longer change.',
  publicPage: 'Read it on the site',
  progress: 'Progress',
  errors: {
    not_a_draft: 'This letter is no longer a draft: someone sent or scheduled it meanwhile.',
    forbidden: 'Only an owner can send a letter.',
    empty_letter: 'This letter has no words yet: write it before sending it.',
    unsaved:
      'Nothing was sent: the latest words are not saved yet (see above). Try again once they are.',
  },
} as const;

const subscribers = (count: number) => (count === 1 ? '1 subscriber' : `${count} subscribers`);

/**
 * The short guide beside the body. The button's syntax is the letter renderer's; it is kept here
 * alone so that the guide follows the renderer with a one-line change.
 */
export const MARKDOWN_GUIDE: readonly { write: string; get: string }[] = [
  { write: '## A heading', get: 'A heading (### for a smaller one)' },
  { write: '**bold** and *italic*', get: 'Bold and italic words' },
  { write: '[our work](https://emberandink.example/#portfolio)', get: 'A link' },
  {
    write: '![A label on a jar](/media/label.webp)',
    get: 'An image from the site’s media, with its description',
  },
  {
    write: '[→ Book a call](https://emberandink.example/book)',
    get: 'A button: a link alone on its line, its words after an arrow',
  },
  { write: '- one', get: 'A list; a blank line starts a new paragraph' },
];
