import { contact } from '../../content/contact';
import { PRIVACY_PATH, privacyLinks } from '../../content/privacy-links';
import type { ContactFormCopy } from './contact-form';

/** The contact form's words, from the content modules: its island carries them in the page. */
export const contactFormCopy: ContactFormCopy = {
  form: contact.form,
  submitLabels: contact.submitLabels,
  announcements: contact.announcements,
  errors: contact.errors,
  privacy: {
    text: privacyLinks.contactNote,
    linkLabel: privacyLinks.noteLinkLabel,
    href: PRIVACY_PATH,
  },
};
