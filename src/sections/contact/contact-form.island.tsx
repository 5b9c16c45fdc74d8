import { defineIsland } from '../../islands/define-island';
import { ContactForm, isContactFormProps } from './contact-form';

export const island = defineIsland('contact-form', ContactForm, isContactFormProps);
