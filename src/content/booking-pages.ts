import type { BookingFields, BookingNotice } from '../../common/booking-page';
import { CALENDAR_AWAY_WORDS } from '../../common/booking-words';

/** The words of the visitor's booking pages (`/book`, `/booking/manage`). */
export const bookingPages = {
  book: {
    title: 'Book a call',
    heading: 'Book a call with the studio',
    intro: 'Choose a time that suits you. We will send you an invitation by email.',
    weeksLabel: 'Other days',
    earlier: 'Earlier days',
    later: 'Later days',
    noSlotsThisWeek: 'No free times these days. Try later days.',
    phoneLabel: 'Your phone number (we will ring you)',
    slotsLegend: 'Choose a time',
    timesOfDay: (count: number) => (count === 1 ? '1 free time' : `${count} free times`),
    noSlots: 'There are no free times in the coming weeks. Please write to us instead.',
    nameLabel: 'Your name',
    emailLabel: 'Your email',
    noteLabel: 'Anything we should know? (optional)',
    zoneLabel: 'Your time zone (our emails give the call’s time in it too)',
    honeypotLabel: 'Leave this field empty',
    submit: 'Book this time',
  },
  booked: {
    title: 'Call booked',
    heading: 'Your call is booked',
    next: (email: string) =>
      `We have sent an invitation to ${email}. Add it to your calendar; the email also has a link to move or cancel the call.`,
  },
  manage: {
    title: 'Your call',
    heading: 'Your call with the studio',
    cancelHeading: 'Cannot make it?',
    cancel: 'Cancel the call',
    confirmCancel: 'Cancel this call?',
    reasonLabel: 'Would you tell us why? (optional)',
    yesCancel: 'Yes, cancel the call',
    keep: 'No, keep it',
    moveHeading: 'Another time',
    move: 'Move the call to this time',
  },
  manageDone: {
    moved: { title: 'Call moved', heading: 'Your call is moved' },
    cancelled: { title: 'Call cancelled', heading: 'Your call is cancelled' },
    movedText:
      'We have sent you an updated invitation. The links in our emails keep working until the call.',
    cancelledText: 'We have let the studio know. You are welcome to book another time.',
  },
  linkGone: {
    title: 'Link no longer works',
    heading: 'This link no longer works',
    spent: 'This call has been cancelled or has already taken place.',
    unknown:
      'We could not find a call for this link. Please check it was copied whole, or book a new call.',
    bookAgain: 'Book a call',
  },
  notices: {
    slot_taken: 'That time was just taken — here are the nearest free ones.',
    invalid_slot: 'That time cannot be booked any more. Please choose another one.',
    calendar_unavailable: CALENDAR_AWAY_WORDS,
    invalid_fields: 'Please check the form.',
  } satisfies Record<BookingNotice, string>,
  fieldErrors: {
    start: 'Please choose a time.',
    name: 'Please enter your name (one line, up to 100 characters).',
    email: 'Please enter a valid email address.',
    note: 'Please shorten the note (up to 2000 characters).',
    phone: 'Please enter the number we should ring (digits, spaces and + only).',
    timeZone: 'Please choose your time zone again.',
  } satisfies Record<BookingFields, string>,
} as const;
