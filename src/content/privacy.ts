import { site } from './site';

/** The retention periods the server applies by default (RETENTION_DAYS, SPAM_RETENTION_DAYS). */
export const retention = { enquiryDays: 730, spamDays: 30, pendingSignupDays: 7 } as const;

export type PrivacySection = { id: string; title: string; paragraphs: readonly string[] };

export const privacy = {
  title: 'Privacy',
  description: `What ${site.brand} keeps when you write to us, book a call or sign up for studio notes, why, for how long, and how to have it copied or deleted.`,
  intro: `${site.brand} keeps as little about you as it can, on its own server, and shares it with no one. This page says exactly what that is.`,
  sections: [
    {
      id: 'enquiries',
      title: 'When you send an enquiry',
      paragraphs: [
        'We keep what you typed (your name, email address, the service you chose and your message), when it arrived, and the network address and browser name it came from, which help us tell people from spam robots.',
        'We use it only to answer you: the enquiry is emailed to our studio inbox and stays in our records so we can follow up.',
        `It is deleted ${retention.enquiryDays} days (two years) after it arrived.`,
      ],
    },
    {
      id: 'bookings',
      title: 'When you book a call',
      paragraphs: [
        'We keep your name, email address and note, the time you chose and when you booked it, whether the call still stands, and, as for an enquiry, the network address and browser name the booking came from.',
        'We use it only for the call: to send you the invitation, a reminder and any change, and to put the call in our own studio calendar under your name.',
        'Your booking is kept as an enquiry, and it is deleted ' +
          `${retention.enquiryDays} days (two years) after the call, or when you ask us to delete what we hold about you.`,
        'Deleting it also takes the call out of our calendar and stops any email about it still waiting to go; you are not sent a cancellation.',
      ],
    },
    {
      id: 'spam',
      title: 'How we stop spam',
      paragraphs: [
        'While you type, your browser solves a small puzzle that costs a robot sending thousands of messages real time. It runs on your device: no cookie, and nothing is sent to any other company.',
        'A message that looks automated is kept aside rather than thrown away, so we can still find a real one. It is never emailed on, and it is deleted after ' +
          `${retention.spamDays} days.`,
        'Without JavaScript the puzzle cannot run: your enquiry still reaches us, and we read it from that set-aside pile.',
      ],
    },
    {
      id: 'newsletter',
      title: 'When you sign up for studio notes',
      paragraphs: [
        'We keep your email address and when you signed up, to send you studio notes and to show that you asked for them.',
        `A sign-up that is never confirmed is deleted after ${retention.pendingSignupDays} days. When you unsubscribe we stop writing at once and keep the address marked as unsubscribed, with those dates, so that it is never mailed again by mistake; ask us and we delete that too.`,
        'A sign-up that looks automated is set aside and nothing is emailed to it. Someone at the studio may send it the confirmation email; you join only if you click its link. If no one does, it is deleted after ' +
          `${retention.spamDays} days.`,
      ],
    },
    {
      id: 'visits',
      title: 'How we count visits',
      paragraphs: [
        'Our own server counts each view of our pages, so we know how many people visit, from which site or campaign link they came, on which kind of device (phone, tablet or computer), and how fast the page was for them. No cookie is set, nothing is stored on your device, and no other company sees it.',
        'To count you once a day, the server mixes your network address and browser name with a random key that changes every day and is deleted when the day ends, and keeps only the result. The address and browser name themselves are never written down, and once the key is gone no one, not even us, can work out who a past visitor was or link your visits on two days.',
        'We keep the site you came from by its name only (never the full page address), the campaign words of the link you followed, the page you landed on, and your device kind. If you send an enquiry, or confirm a newsletter subscription, on the same day, we note which of those your visit had, to learn which posts bring work and readers.',
        'Robots are counted apart. If your browser sends Global Privacy Control, we count the view without the daily mix and without where you came from. Single visits are deleted after 31 days; after that only totals per day remain.',
      ],
    },
    {
      id: 'logs',
      title: 'What our server logs',
      paragraphs: [
        'Our server notes each request: the page asked for, the answer and how long it took. It never writes down email addresses, names, messages or your network address.',
      ],
    },
    {
      id: 'your-rights',
      title: 'A copy, a correction or deletion',
      paragraphs: [
        `Write to ${site.email} from the address you used, and say whether you want a copy of everything we hold about you, a correction, or for us to delete it. We answer within 30 days, usually much sooner.`,
      ],
    },
  ] satisfies PrivacySection[],
  backLabel: 'Back to the home page',
} as const;
