import type { SiteContentErrorCode } from '../../common/site-content-rules';
import { SITE_SECTION_NAMES } from '../../common/site-sections';
import type { Delivery, EnquiryStatus } from './api/types';

/** Every word the studio inbox shows, in one place. Times arrive already formatted. */

export const BRAND = 'Ember & Ink';

export const frameCopy = {
  studio: 'Studio',
  skipToContent: 'Skip to content',
  navLabel: 'Studio',
  nav: {
    inbox: 'Inbox',
    subscribers: 'Subscribers',
    letters: 'Letters',
    bookings: 'Bookings',
    site: 'Site',
    audience: 'Audience',
    team: 'Team',
    settings: 'Settings',
    account: 'Account',
  },
  theme: {
    label: 'Colour theme',
    light: 'Light theme',
    dark: 'Dark theme',
    system: 'System theme',
  },
  documentTitle: (page: string) => `${page} · Studio · ${BRAND}`,
  loading: 'Loading the studio…',
  unavailable: 'The studio could not be loaded',
  retry: 'Try again',
} as const;

export const settingsCopy = {
  title: 'Settings',
  loading: 'Loading the settings…',
  acknowledgement: 'Acknowledgement',
  acknowledgementIntro:
    'An email every new enquiry gets at once (never spam), sent from the studio’s address. Your replies continue its thread.',
  enabled: 'Send an acknowledgement',
  subject: 'Subject',
  text: 'Text',
  textHint: '{firstName} becomes the first name the sender gave.',
  formats: 'Dates and money',
  locale: 'Language and region',
  localeHint:
    'How dates and numbers read: British English writes 26 Nov 2026, American English Nov 26, 2026.',
  currency: 'Currency',
  currencyHint: 'A currency code, such as GBP, EUR or USD.',
  save: 'Save settings',
  saving: 'Saving…',
  saved: 'Settings saved.',
  invalid: 'Nothing was saved: correct the fields marked below.',
  ownersOnly: 'Only the studio’s owners can change the settings. Nothing was saved.',
  readOnly: 'Only an owner can change the settings; you see them as they are.',
} as const;

export const bookingsCopy = {
  title: 'Bookings',
  loading: 'Loading the hours…',
  readOnly:
    'Only an owner can change the hours, where calls happen and the rules of a call; you see them as they are.',
  upcoming: 'Upcoming calls',
  cancelledCalls: 'Cancelled calls to come',
  ringOn: (phone: string) => `Ring them on ${phone}`,
  theirReason: (reason: string) => `Their reason: ${reason}`,
  calendarConnected: (host: string) =>
    `Calendar connected (${host}): its busy times are kept free, and every call is written into it.`,
  calendarNone:
    'No calendar connected: visitors may book any free time of these hours. Set CALDAV_URL to connect the studio’s calendar.',
  past: 'Past calls',
  pastIntro: 'The last 60 days, latest first.',
  loadingCalls: 'Loading the calls…',
  noUpcoming: 'No calls booked yet. Visitors book them on the site’s Book a call page.',
  noPast: 'No calls in the last 60 days.',
  callStates: {
    confirmed: 'Confirmed',
    pending: 'Waiting for the visitor to confirm',
    cancelled: 'Cancelled',
  },
  cameFrom: (source: string, campaign: string | null) =>
    campaign === null ? `Came from ${source}` : `Came from ${source}, campaign ${campaign}`,
  note: 'Note',
  cancelCall: 'Cancel the call',
  cancelCallLabel: (name: string, when: string) => `Cancel the call with ${name} on ${when}`,
  cancelQuestion: (name: string) =>
    `Cancel the call with ${name}? They are sent the cancellation, with your message if you write one.`,
  cancelMessage: (name: string) => `Message to ${name} (optional)`,
  keepCall: 'Keep it',
  callCancelled: (name: string) => `The call with ${name} is cancelled; they have been told.`,
  alreadyCancelled: 'This call was already cancelled or is over: the list is up to date again.',
  hours: 'Weekly hours',
  hoursIntro:
    'When visitors may book a call, in the studio’s time zone. A day without hours is a day off.',
  days: {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  },
  dayOff: 'Day off',
  from: 'From',
  until: 'Until',
  rangeLabel: (day: string, part: string, place: number) => `${day} ${part} (hours ${place})`,
  addHours: (day: string) => `Add hours on ${day}`,
  removeHours: (day: string, place: number) => `Remove ${day}’s hours ${place}`,
  remove: 'Remove',
  rules: 'Rules of a call',
  meeting: 'Where calls happen',
  meetingIntro:
    'Visitors read this on the booking pages, in every email about their call and in its calendar invitation.',
  meetingKinds: {
    none: 'Not said yet',
    link: 'A video call',
    room: 'A video call in a room of its own',
    phone: 'A phone call: visitors give their number and we ring them',
    place: 'In person',
  },
  meetingUrl: 'Video call link (the same room for every call)',
  meetingBase:
    'Video service address (e.g. https://meet.jit.si/): each call gets its own room there',
  meetingAddress: 'Address',
  meetingErrors: {
    required: 'Fill this in.',
    invalid_time: 'This value is not valid.',
    reversed: 'This value is not valid.',
    overlapping: 'This value is not valid.',
    too_many: 'This value is not valid.',
    not_whole_number: 'This value is not valid.',
    out_of_range: 'This is too long.',
    unknown_field: 'This field is not known.',
    invalid: 'Give a full https:// link, such as https://meet.example.com/ember-ink.',
  },
  lengthMinutes: 'Length (minutes)',
  bufferMinutes: 'Free time after a call (minutes)',
  noticeHours: 'Notice (hours)',
  horizonDays: 'Bookable ahead (days)',
  maxPerDay: 'At most a day',
  save: 'Save hours',
  saving: 'Saving…',
  saved: 'Hours saved.',
  invalid: 'Nothing was saved: correct the fields marked below.',
  ownersOnly: 'Only the studio’s owners can change the hours. Nothing was saved.',
  errors: {
    required: 'Fill this in.',
    invalid_time: 'Write a time as HH:MM, such as 09:00.',
    reversed: 'The hours must end after they start.',
    overlapping: 'These hours overlap; make them follow one another.',
    too_many: 'Too many ranges on one day.',
    not_whole_number: 'Write a whole number.',
    out_of_range: (min: number, max: number) => `Choose from ${min} to ${max}.`,
    unknown_field: 'This field is not known.',
    invalid: 'This value is not valid.',
  },
} as const;

export const mailboxCopy = {
  connected: (address: string) => `Answers to ${address} come back here. Mailbox last read`,
  failing: (error: string) =>
    `The studio cannot read its mailbox, so answers do not come back here: ${error}`,
  none: (address: string) =>
    `No mailbox is connected: clients’ answers arrive at ${address}, not here.`,
} as const;

export const mailBannerCopy = {
  title: 'Email delivery is failing',
  since: (when: string) => `Enquiry emails have not been getting through since ${when}.`,
  sinceUnknown: 'Enquiry emails are not getting through.',
  givenUp: (count: number) =>
    count === 1 ? 'One email was given up.' : `${count} emails were given up.`,
  kept: 'Every enquiry is still kept here: nothing is lost. Check the mail server settings, then use “Send again” on the enquiries that were not sent.',
} as const;

export const signInCopy = {
  title: 'Sign in to the studio',
  intro: 'The inbox for enquiries and newsletter sign-ups. Staff only.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign in',
  submitting: 'Signing in…',
  or: 'or',
  passkey: 'Sign in with a passkey',
  passkeyWaiting: 'Waiting for your passkey…',
  missingFields: 'Enter your email and your password.',
  sessionEnded: 'Your session has ended. Sign in again to go on.',
  signedOut: 'You are signed out.',
  noAccount: 'No account yet? Whoever runs the site can add you and send you a link.',
} as const;

export const welcomeCopy = {
  title: 'Choose your password',
  intro: 'Welcome to the Ember & Ink studio. Choose the password you will sign in with.',
  password: 'New password',
  hint: (min: number) => `At least ${min} characters. A few unrelated words make a strong one.`,
  submit: 'Set password',
  submitting: 'Setting your password…',
  tooShort: (min: number) => `The password needs at least ${min} characters.`,
  missingToken:
    'This page needs the link from your invitation, and this one has no token. If you reloaded the page, open the link from your email again.',
  toSignIn: 'Go to sign in',
} as const;

export const statusNames: Record<EnquiryStatus, string> = {
  new: 'Unread',
  read: 'Read',
  archived: 'Archived',
  spam: 'Spam',
};

/** The folder an enquiry is filed in: the inbox holds the unread and the read. */
export function folderName(status: EnquiryStatus): string {
  return status === 'archived' || status === 'spam' ? statusNames[status] : inboxCopy.inbox;
}

export const inboxCopy = {
  title: 'Enquiries',
  folders: 'Folders',
  inbox: 'Inbox',
  inboxHint: 'Everything but archived and spam',
  count: (count: number) => `${count}`,
  unreadMarker: 'Unread',
  search: 'Search',
  searchHint: 'Name, email or message',
  service: 'Service',
  allServices: 'All services',
  apply: 'Search',
  clear: 'Clear filters',
  filters: 'Filters',
  noFilters: 'No filters on.',
  filteredBy: (parts: readonly string[]) => `Filtered by ${parts.join(', ')}.`,
  words: (q: string) => `“${q}”`,
  ownedBy: (owner: string) => (owner === 'me' ? 'my leads' : `owner ${owner}`),
  exportLabel: 'Export this view',
  exportCsv: 'CSV',
  exportProofIntro:
    'An export holds everyone’s details, so the studio asks for your password first.',
  exportProofSubmit: 'Confirm and download',
  exportCancelled: 'Nothing was exported.',
  exportFailed: 'The export could not be downloaded. Try again in a moment.',
  exportJson: 'JSON',
  loading: 'Loading enquiries…',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  empty: 'No enquiries here yet.',
  emptyFiltered: 'No enquiries match these filters.',
  shown: (count: number, hasMore: boolean) =>
    `${count} ${count === 1 ? 'enquiry' : 'enquiries'} shown${hasMore ? ', more below' : ''}.`,
  received: 'Received',
  people: 'People',
  personLeads: (count: number) => (count === 1 ? '1 lead' : `${count} leads`),
} as const;

export const enquiryCopy = {
  title: 'Enquiry',
  cameFrom: {
    line: (origin: string, landingPath: string, lead: string) =>
      `came from: ${origin}, landed on ${landingPath} ${lead} before`,
    underAMinute: 'less than a minute',
    minutes: (count: number) => (count === 1 ? '1 minute' : `${count} minutes`),
    hours: (count: number) => `${count} hours`,
  },
  back: 'Back to the enquiries',
  aboutPerson: (name: string) => `All about ${name}`,
  loading: 'Loading the enquiry…',
  email: 'Email',
  service: 'Service',
  received: 'Received',
  call: 'Call',
  calls: 'Calls',
  earlier: 'Earlier work for this person',
  earlierLine: (stage: string, value: string | null, date: string) =>
    [stage, value, `received ${date}`].filter((part) => part !== null).join(' · '),
  folder: 'Filed in',
  stage: 'Stage',
  message: 'Message',
  replySubject: `Re: your enquiry to ${BRAND}`,
  actions: 'Move this enquiry',
  markRead: 'Mark as read',
  markNew: 'Mark as unread',
  archive: 'Archive',
  markSpam: 'Mark as spam',
  notSpam: 'Not spam',
  toInbox: 'Back to the inbox',
  moved: (status: string) => `Marked as ${status.toLowerCase()}.`,
  notSpamDone: 'Moved to the inbox. Its email to the studio is on its way.',
  deliveryTitle: 'Email to the studio',
  resend: 'Send again',
  resending: 'Sending…',
  resent: 'Queued to be sent again.',
} as const;

/** What became of the enquiry's email, in words; the server says `failed` for given up. */
export function describeDelivery(
  delivery: Delivery | null,
  formattedSentAt: string | null,
): string {
  if (delivery === null) return 'Never emailed: it was caught as spam.';
  const attempts = delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`;
  switch (delivery.state) {
    case 'queued':
      return 'Waiting to be sent.';
    case 'sent':
      return formattedSentAt ? `Sent on ${formattedSentAt}.` : 'Sent.';
    case 'retrying':
      return `Not sent yet: retrying after ${attempts}.`;
    case 'failed':
      return `Given up after ${attempts}. It was not sent.`;
  }
}

export const lastErrorLabel = 'Last error from the mail server';

export const subscribersCopy = {
  title: 'Newsletter subscribers',
  loading: 'Loading subscribers…',
  count: (count: number) => (count === 1 ? '1 subscriber' : `${count} subscribers`),
  shown: (shown: number, total: number) => `${shown} of ${total} shown, newest first.`,
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  empty: 'No one has subscribed yet.',
  exportLabel: 'Export all subscribers',
  since: 'Since',
  remove: 'Remove',
  removeLabel: (email: string) => `Remove ${email}`,
  confirm: (email: string) => `Remove ${email} from the newsletter? This cannot be undone.`,
  confirmYes: 'Yes, remove',
  confirmNo: 'Keep',
  removed: (email: string) => `${email} was removed.`,
  statuses: {
    held: 'Held as spam, not emailed',
    pending: 'Waiting for their click',
    confirmed: 'Confirmed',
    unsubscribed: 'Unsubscribed',
    bounced: 'A letter bounced: no longer emailed',
    complained: 'Reported a letter as spam: no longer emailed',
  },
  heldHint: 'Signed up without passing the spam check. Nothing was sent.',
  sendConfirmation: 'Send confirmation',
  sendConfirmationLabel: (email: string) => `Send a confirmation email to ${email}`,
  confirmationSent: (email: string) =>
    `A confirmation email is on its way to ${email}. They join once they click its link.`,
} as const;

export const accountCopy = {
  title: 'Account',
  signedInAs: (email: string) => `Signed in as ${email}.`,
  signOut: 'Sign out',
  sessionsTitle: 'Where you are signed in',
  sessionsLoading: 'Loading your sessions…',
  thisDevice: 'This device',
  started: 'Signed in',
  lastSeen: 'Last active',
  endSession: 'Sign out',
  endSessionLabel: (device: string, lastSeen: string) =>
    `Sign out the session on ${device}, last active ${lastSeen}`,
  sessionEnded: 'That session is signed out.',
  passkeysTitle: 'Passkeys',
  passkeysIntro:
    'A passkey signs you in with your device’s lock (fingerprint, face or PIN) instead of your password.',
  passkeysLoading: 'Loading your passkeys…',
  noPasskeys: 'No passkeys yet.',
  passkeyAdded: 'Added',
  passkeyUsed: 'Last used',
  passkeyNeverUsed: 'Never used',
  passkeyName: 'Passkey name (optional)',
  passkeyNameHint: 'For example “Work laptop”, so you can tell your passkeys apart.',
  addPasskey: 'Add a passkey',
  addingPasskey: 'Waiting for your device…',
  passkeyAddedDone: (name: string) => `Passkey “${name}” added.`,
  removePasskey: 'Remove',
  removePasskeyLabel: (name: string) => `Remove passkey ${name}`,
  confirmRemovePasskey: (name: string) =>
    `Remove passkey “${name}”? You will no longer be able to sign in with it.`,
  confirmYes: 'Yes, remove',
  confirmNo: 'Keep',
  passkeyRemoved: (name: string) => `Passkey “${name}” removed.`,
  reauthenticateTitle: 'Confirm it is you',
  reauthenticateIntro:
    'Adding a passkey gives a new way into your account, so the studio asks for your password first.',
  reauthenticatePassword: 'Password',
  reauthenticateSubmit: 'Confirm and add the passkey',
  reauthenticateWaiting: 'Checking…',
  reauthenticateCancel: 'Cancel',
  reauthenticateCancelled: 'No passkey was added.',
} as const;

/** A device name for a session, from its browser's user agent. */
export const unknownDevice = 'an unknown browser';

/** When the limiter lets the next attempt in. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds <= 1 ? 'in a second' : `in ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'in an hour' : `in ${hours} hours`;
}

/** The API's error codes, in words. */
export const errorCopy = {
  invalid_credentials: 'That email and password do not match a studio account.',
  passkey_refused: 'That passkey is not known here. Sign in with your password, then add it again.',
  rate_limited: (wait: string) => `Too many attempts. Try again ${wait}.`,
  rate_limited_unknown: 'Too many attempts. Wait a few minutes, then try again.',
  invalid_token:
    'This link has expired or was already used. Ask whoever runs the site for a new one.',
  password_too_short: 'The password needs at least 12 characters.',
  not_resendable: 'This email is already waiting to be sent, or the enquiry is in spam.',
  not_held: 'This address is no longer held: its confirmation was already sent, or it subscribed.',
  recently_emailed:
    'This address was emailed less than a day ago. Try again tomorrow, so no one is flooded.',
  not_found: 'This was not found. It may have been removed.',
  unknown_owner:
    'That person is no longer on the studio’s staff. Reload the page and choose again.',
  cross_site: 'The request was refused because it did not come from this page. Reload the page.',
  unauthenticated: 'Your session has ended. Sign in again to go on.',
  invalid_request: 'The server refused the request as invalid.',
  network: 'The server could not be reached. Check your connection and try again.',
  passkey_cancelled: 'The passkey prompt was closed or timed out. Nothing changed.',
  passkey_unsupported: 'This browser cannot use passkeys.',
  passkey_exists: 'This device already holds a passkey for your account.',
  wrong_password: 'That is not your password. Try again.',
  last_sign_in_method:
    'This passkey is your only way to sign in, and you have no password. Add another passkey first.',
  passkey_unavailable: (detail: string) => `The browser could not use a passkey: ${detail}`,
  too_large: 'That file is over 10 MB. Choose a smaller image.',
  unsupported_media_type:
    'That file is not an image the site can use: choose a JPEG, PNG, WebP or AVIF.',
  invalid_image:
    'That image could not be used: it is damaged, over 40 megapixels, or one side over five times the other.',
  busy: 'The server is busy with other images. Try this one again in a moment.',
  storage_full:
    'The server’s disk is full, so nothing new can be saved. Nothing saved before is lost; free some space on the server and try again.',
  precondition_required:
    'The server needs to know which draft this change was made on. Reload the page.',
  unknown: (status: number) =>
    `Something went wrong on the server (${status}). Try again in a moment.`,
  unexpected: 'Something went wrong in this page. Reload it and try again.',
} as const;

/** The site editor's words; field and list names also name a field in errors and conflicts. */
export const siteCopy = {
  title: 'Site',
  intro:
    'Everything a visitor reads on the page. Save a draft, preview it, then publish: visitors see it within seconds.',
  loading: 'Loading the site’s draft…',
  actions: 'Draft actions',
  sectionMenu: 'Sections',
  saveDraft: 'Save draft',
  saving: 'Saving…',
  saved: 'Draft saved.',
  preview: 'Preview',
  previewHint: 'Preview opens the draft in a new tab, exactly as visitors would see it.',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (when: string) => `Published on ${when}. Visitors see it now.`,
  publishedNotLive: (when: string) =>
    `Saved and published on ${when}, but not live yet: the page could not be built from it. Visitors still see the previous page; the site keeps trying.`,
  liveProblem: {
    title: 'Visitors see an older page',
    since: (when: string) =>
      `Since ${when}, the latest published version could not be turned into the page.`,
    field: (name: string) => `The field at fault: ${name}.`,
    reason: (message: string) => `Reason: ${message}.`,
    fix: 'Correct it in the draft below and publish again; until then the previous page stays.',
  },
  unsaved: 'Unsaved changes',
  allSaved: 'All changes saved',
  savedAt: (time: string) => `Saved ${time}`,
  notSavedBecause: (reason: string) => `Not saved: ${reason}`,
  keptEdits: {
    title: 'Unsaved edits were kept in this tab',
    text: (when: string) =>
      `Edits made up to ${when} were not saved before the page closed. Bring them back to go on with them, or discard them.`,
    bringBack: 'Bring them back',
    discard: 'Discard them',
    broughtBack: 'Your unsaved edits are back. They are saved by themselves in a few seconds.',
    discarded: 'The kept edits were discarded.',
  },
  signInAgain: {
    needed: 'Not saved: your session has ended. Sign in again to save your edits.',
    title: 'Sign in again to save',
    intro: (email: string) =>
      `Your session has ended. Your edits are still here: give the password of ${email} and they are saved.`,
    password: 'Password',
    submit: 'Sign in and save',
    signingIn: 'Signing in…',
  },
  leaveWarning: 'The site has unsaved changes. Leave without saving them?',
  notSaved: (count: number) =>
    count === 1
      ? 'Not saved: one field needs attention.'
      : `Not saved: ${count} fields need attention.`,
  notPublished: (count: number) =>
    count === 1
      ? 'Not published: one field needs attention before the page can show it.'
      : `Not published: ${count} fields need attention before the page can show it.`,
  errorSummary: 'Fields that need attention',
  sections: SITE_SECTION_NAMES,
  /** Names of the document's fields, wherever they appear. */
  fields: {
    title: 'Title',
    description: 'Description',
    eyebrow: 'Eyebrow',
    intro: 'Introduction',
    headline: 'Headline',
    lead: 'Headline, first part',
    mark: 'Headline, middle mark',
    tail: 'Headline, last part',
    tagline: 'Tagline',
    primaryAction: 'Main button',
    secondaryAction: 'Second button',
    label: 'Label',
    href: 'Link',
    highlights: 'Highlights',
    items: 'Items',
    image: 'Image',
    imageAlt: 'Image description (alt text)',
    category: 'Category',
    id: 'Id',
    paragraphs: 'Paragraphs',
    counters: 'Counters',
    target: 'Number',
    suffix: 'After the number',
    award: 'Award',
    text: 'Text',
    quote: 'Quote',
    author: 'Name',
    role: 'Role',
    company: 'Company',
    email: 'Email',
    phone: 'Phone, as shown',
    phoneHref: 'Phone link',
    visit: 'Address',
    serviceLinksTitle: 'Service links heading',
    serviceLinks: 'Service links',
    companyLinksTitle: 'Company links heading',
    companyLinks: 'Company links',
    socialLinks: 'Social links',
    network: 'Network',
    copyright: 'Copyright line',
  },
  count: (length: number, limit: number) => `${length} / ${limit}`,
  overLimit: (length: number, limit: number) =>
    `${length} / ${limit}: ${length - limit} over the limit of ${limit} characters. Shorten it to save.`,
  hrefHint: 'https://…, mailto:…, tel:… or a section of the page such as #contact.',
  phoneHrefHint: 'The number a phone dials, starting with tel:, such as tel:+15550100.',
  /** The legends of the section's own lists. */
  lists: { portfolio: 'Projects', testimonials: 'Quotes' },
  /** What one item of each list is called, numbered from 1. */
  itemNames: {
    highlights: 'Highlight',
    services: 'Service',
    portfolio: 'Project',
    paragraphs: 'Paragraph',
    counters: 'Counter',
    testimonials: 'Testimonial',
    serviceLinks: 'Link',
    companyLinks: 'Link',
    socialLinks: 'Social link',
  },
  item: (name: string, position: number, title: string) =>
    title.trim() === '' ? `${name} ${position}` : `${name} ${position}: ${title.trim()}`,
  add: (name: string) => `Add ${name.toLowerCase()}`,
  moveUp: (item: string) => `Move ${item} up`,
  moveDown: (item: string) => `Move ${item} down`,
  remove: (item: string) => `Remove ${item}`,
  moved: (item: string, position: number) => `${item} is now number ${position}.`,
  removed: (item: string) => `${item} removed. Save the draft to keep the change.`,
  added: (name: string) => `${name} added.`,
  full: (max: number) => `This list holds at most ${max}.`,
  empty: 'None yet.',
  image: {
    choose: 'Upload an image',
    replace: 'Replace image',
    tooLarge: (size: string) =>
      `That file is ${size}, over the 10 MB limit, so it was not sent. Choose a smaller image.`,
    hint: 'JPEG, PNG, WebP or AVIF, up to 10 MB. Location and camera data are removed.',
    uploading: 'Uploading…',
    uploaded: 'Image uploaded. Describe it, then save the draft.',
    none: 'No image yet.',
    preview: 'Current image',
  },
  network: { instagram: 'Instagram', linkedin: 'LinkedIn', dribbble: 'Dribbble', x: 'X' },
  categoryHint: 'The portfolio’s filters follow the categories in use.',
  conflict: {
    title: 'Someone else saved the draft meanwhile',
    intro:
      'Their version and yours differ in the fields below. Choose, field by field, which to keep; nothing is saved until you do.',
    theirs: 'Their version',
    mine: 'Your version',
    keepMine: 'Keep mine',
    takeTheirs: 'Take theirs',
    emptyValue: '(empty)',
    save: 'Save with these choices',
    resolved: 'Draft saved with your choices.',
    items: (count: number) => (count === 1 ? '1 item' : `${count} items`),
    image: (width: number, height: number) => `An image, ${width} × ${height}`,
  },
  history: {
    title: 'History',
    intro: 'Every publish, newest first. Restore makes an old version the draft.',
    loading: 'Loading the history…',
    empty: 'Nothing published yet.',
    when: 'Published',
    who: 'By',
    summary: 'What changed',
    firstBy: 'Set up with the site',
    firstSummary: 'The site as it was first set up',
    live: 'Live now',
    restoredFrom: (when: string) => `Restored the publish of ${when}`,
    restoredFromPruned: 'Restored an older publish',
    preview: 'Preview',
    previewLabel: (when: string) => `Preview the version of ${when} in a new tab`,
    restore: 'Restore',
    // Not “published”: a button named Publish is on the same page.
    restoreLabel: (when: string) => `Restore the version of ${when}`,
    confirm: (when: string) =>
      `Restore the version published on ${when}? Your unsaved changes will be replaced.`,
    confirmReplace:
      'Replace your unpublished changes? They stay in History, where you can restore them.',
    confirmYes: 'Yes, restore',
    confirmNo: 'Keep editing',
    replacedDraft: 'Unpublished changes',
    replacedBy: (email: string) => `Kept when ${email} restored another version`,
    restored: (when: string) =>
      `The version published on ${when} is now the draft. Preview it, then publish to make it the page.`,
  },
  schedule: {
    open: 'Publish at…',
    title: 'Publish at a chosen time',
    date: 'Date',
    time: (zone: string) => `Time (${zone})`,
    hint: (zone: string) =>
      `The draft as it is now is published then, in the studio’s time zone, ${zone}. Edits made after scheduling are not part of it.`,
    submit: 'Schedule publish',
    scheduling: 'Scheduling…',
    close: 'Close',
    missing: 'Enter a date and a time.',
    past: 'Choose a time in the future.',
    tooFar: 'Choose a time within the next year.',
    scheduled: (when: string) =>
      `Scheduled: the draft as it is now will be published on ${when}. Later edits are not part of it.`,
    notScheduled: (count: number) =>
      count === 1
        ? 'Not scheduled: one field needs attention before the page can show it.'
        : `Not scheduled: ${count} fields need attention before the page can show it.`,
    refusedTime: 'Not scheduled: choose a time in the future, within the next year.',
    pending: (when: string) => `Publishes on ${when}`,
    cancel: 'Cancel',
    cancelLabel: (when: string) => `Cancel the publish scheduled for ${when}`,
    cancelled: (when: string) => `The publish scheduled for ${when} is cancelled.`,
    failed: (when: string, reason: string) =>
      `The publish scheduled for ${when} did not happen: ${reason}`,
    listTitle: 'Scheduled publishes',
    by: (who: string) => `Scheduled by ${who}`,
    states: {
      pending: 'Waiting',
      published: 'Published',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
    late: (minutes: number) =>
      minutes < 90
        ? `Published ${minutes} minutes late: no instance of the site was running at the time.`
        : `Published ${Math.round(minutes / 60)} hours late: no instance of the site was running at the time.`,
  },
  errors: {
    required: 'Fill this in.',
    not_text: 'This must be text.',
    not_single_line: 'Keep this on one line.',
    forbidden_characters: 'This holds characters the page cannot show.',
    too_long: 'This is too long.',
    too_short: 'This list needs more items.',
    too_many: 'This list has too many items.',
    invalid_email: 'Enter an email address like name@example.com.',
    invalid_link:
      'Links must start with https://, mailto: or tel:, or name a section like #contact.',
    invalid_image: 'Upload an image for this.',
    duplicate_id: 'Two items share an id.',
    unknown_field: 'The page has no such field.',
    invalid: 'This value is not valid here.',
  } satisfies Record<SiteContentErrorCode, string>,
} as const;

export const audienceCopy = {
  title: 'Audience',
  intro:
    'People who visited the site, counted without cookies or anything stored on their device. A visitor is counted once a day.',
  loading: 'Loading the numbers…',
  range: 'Range',
  ranges: { today: 'Today', week: '7 days', month: '30 days', custom: 'Custom' },
  from: 'From',
  to: 'To',
  show: 'Show',
  badRange: 'Choose a start day on or before the end day, at most 366 days apart.',
  exportCsv: 'Download CSV',
  totals: {
    visitors: 'Visitors',
    pageviews: 'Page views',
    enquiries: 'Enquiries',
    subscribers: 'Subscribers',
    conversion: 'Conversion rate',
    filtered: 'Bots filtered',
  },
  chartTitle: 'Visitors and enquiries per day',
  chartSummary: (visitors: number, enquiries: number, days: number, publishes: number) =>
    `${visitors} visitors and ${enquiries} enquiries over ${days} days, ${publishes} publishes marked. The same numbers are in the table below.`,
  legendVisitors: 'Visitors',
  legendEnquiries: 'Enquiries',
  publishMark: (by: string, summary: string) => `Published by ${by}: ${summary}`,
  seed: 'the build',
  tableToggle: 'Show the numbers per day as a table',
  day: 'Day',
  sources: 'Sources',
  source: 'Source',
  campaigns: 'Campaigns',
  medium: 'Medium',
  campaign: 'Campaign',
  conversion: 'Conversion',
  won: 'Won',
  wonValue: 'Won value',
  brought: (source: string, amount: string, from: string, to: string) =>
    `${source} brought ${amount} in won leads from ${from} to ${to}.`,
  noWonValue: 'No won lead with a value came in these days yet.',
  letterBrought: (subject: string, amount: string) =>
    `The letter “${subject}” brought ${amount} in won leads.`,
  letterCampaign: 'letter',
  lost: 'Lost',
  pages: 'Pages',
  page: 'Page',
  devices: 'Devices',
  device: 'Device',
  vitals: 'Speed for real visitors (Web Vitals, 75th percentile)',
  vitalsNote:
    'Good, needs improvement and poor by Google’s thresholds: LCP 2.5 s / 4 s, INP 200 ms / 500 ms, CLS 0.1 / 0.25.',
  metric: 'Metric',
  p75: 'p75',
  good: 'Good',
  needsImprovement: 'Needs improvement',
  poor: 'Poor',
  samples: 'Samples',
  sinceLastPublish: 'Since the last publish',
  beforeIt: 'Before it',
  allOfRange: 'Whole range',
  none: 'Nothing counted in this range yet.',
  privacy:
    'Never collected: cookies, addresses, full user agents, anything on the visitor’s device. Visitors who send Global Privacy Control are counted without a visitor hash or a source.',
};
