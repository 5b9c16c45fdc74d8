import { site } from './site';

/** The pages a form sent without JavaScript lands on. */
export const formPages = {
  contactSent: {
    title: 'Message sent',
    heading: 'Thank you, your message is with us',
    text: 'We will reply within one business day with next steps and a few honest questions.',
  },
  newsletterSent: {
    title: 'Check your inbox',
    heading: 'Thanks! Now check your inbox',
    text: 'We sent you a link to confirm your subscription to Studio notes. Nothing else is sent until you follow it.',
  },
  contactRetry: { title: 'Check your message' },
  newsletterRetry: { title: 'Check your email address' },
  problem: {
    title: 'Not sent',
    heading: 'Your form was not sent',
    other: `You can also write to us at ${site.email}.`,
  },
  backLabel: 'Back to the home page',
} as const;
