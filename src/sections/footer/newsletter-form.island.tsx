import { defineIsland } from '../../islands/define-island';
import { NewsletterForm, isNewsletterFormProps } from './newsletter-form';

export const island = defineIsland('newsletter-form', NewsletterForm, isNewsletterFormProps);
