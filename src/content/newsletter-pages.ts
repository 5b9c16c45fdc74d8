import { footer } from './footer';

/** The pages behind the links in newsletter emails, one per state, prerendered as templates. */
export type NewsletterPageName =
  'confirm' | 'confirmed' | 'unsubscribe' | 'unsubscribed' | 'invalid-link' | 'refused';

export type NewsletterPageCopy = {
  title: string;
  text: string;
  /** A form that POSTs to the page's own address, with this button. */
  button?: string;
  /** A hidden field the form sends: RFC 8058's one-click body for the unsubscribe page. */
  field?: { name: string; value: string };
};

export const newsletterPages: Record<NewsletterPageName, NewsletterPageCopy> = {
  confirm: {
    title: 'Confirm your subscription',
    text: `One click and ${footer.newsletter.title} will reach you. ${footer.newsletter.text}`,
    button: 'Confirm subscription',
  },
  confirmed: {
    title: 'You are subscribed',
    text: `Thank you: this address is subscribed to ${footer.newsletter.title}. Every email has a link to unsubscribe.`,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    text: `Stop receiving ${footer.newsletter.title} at this address.`,
    button: 'Unsubscribe',
    field: { name: 'List-Unsubscribe', value: 'One-Click' },
  },
  unsubscribed: {
    title: 'You are unsubscribed',
    text: 'This address will receive no more emails from us. You can sign up again from the footer of the site at any time.',
  },
  'invalid-link': {
    title: 'This link no longer works',
    text: 'It may have expired, been used already, or been copied incompletely. Nothing has changed. You can sign up again from the footer of the site.',
  },
  refused: {
    title: 'This request was refused',
    text: 'It came from another site. Nothing has changed. Please use the button on the page the email links to.',
  },
};

/**
 * The words a visitor saw in the sign-up box, kept with each sign-up as proof of what they
 * agreed to. The build writes it beside the page templates for the server.
 */
export const newsletterConsentWording = `${footer.newsletter.title}: ${footer.newsletter.text}`;
