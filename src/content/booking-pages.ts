import type { BookingFields, BookingNotice } from '../../common/booking-page';
import { CALENDAR_AWAY_WORDS } from '../../common/booking-words';

/** The words of the visitor's booking pages (`/book`, `/booking/manage`). */
export const bookingPages = {
  book: {
    title: 'Book a call',
    heading: 'Book a call with the studio',
    intro:
      'Choose a time that suits you for a video call. We will send you an invitation by email.',
    slotsLegend: 'Choose a time',
    timesOfDay: (count: number) => (count === 1 ? '1 free time' : `${count} free times`),
    noSlots: 'There are no free times in the coming weeks. Please write to us instead.',
    nameLabel: 'Your name',
    emailLabel: 'Your email',
    noteLabel: 'Anything we should know? (optional)',
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
    moveHeading: 'Another time',
    move: 'Move the call to this time',
  },
  manageDone: {
    moved: { title: 'Call moved', heading: 'Your call is moved' },
    cancelled: { title: 'Call cancelled', heading: 'Your call is cancelled' },
    movedText:
      'We have sent you an updated invitation with a new link to change the call; this one no longer works.',
    cancelledText: 'We have let the studio know. You are welcome to book another time.',
  },
  linkGone: {
    title: 'Link no longer works',
    heading: 'This link no longer works',
    spent: 'This call has been cancelled or has already taken place.',
    unknown: 'We could not find a call for this link. Please use the link in your latest email.',
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
  } satisfies Record<BookingFields, string>,
} as const;
