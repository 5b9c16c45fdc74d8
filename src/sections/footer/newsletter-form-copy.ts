import { footer } from '../../content/footer';
import { PRIVACY_PATH, privacyLinks } from '../../content/privacy-links';
import type { NewsletterFormCopy } from './newsletter-form';

/** The sign-up box's words, from the content modules: its island carries them in the page. */
export const newsletterFormCopy: NewsletterFormCopy = {
  ...footer.newsletter,
  privacy: {
    text: privacyLinks.newsletterNote,
    linkLabel: privacyLinks.noteLinkLabel,
    href: PRIVACY_PATH,
  },
};
