/**
 * The links to the privacy page from the landing page: kept apart from the page's own copy so
 * the landing page's script carries only these few words.
 */
export const PRIVACY_PATH = '/privacy';

export const privacyLinks = {
  footerLabel: 'Privacy',
  /** The short line beside each form's button. */
  contactNote: 'We use your details only to answer you.',
  newsletterNote: 'Unsubscribe at any time.',
  noteLinkLabel: 'How we handle your data',
} as const;
