import type { ReactNode } from 'react';
import { SENT_PAGES } from '../../common/form-page';
import { PRIVACY_PATH } from '../content/privacy-links';
import { FormSentPage } from './form-sent-page';
import { PrivacyPage } from './privacy-page';

/**
 * The small pages that need no script: prerendered without the app's entry, so none of them
 * adds a byte to the landing page's JavaScript.
 */
export const STATIC_PAGES: ReadonlyMap<string, () => ReactNode> = new Map([
  [PRIVACY_PATH, () => <PrivacyPage />],
  [SENT_PAGES.contact, () => <FormSentPage kind="contactSent" />],
  [SENT_PAGES.newsletter, () => <FormSentPage kind="newsletterSent" />],
]);
