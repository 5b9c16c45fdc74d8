import type { NavLink } from './site';
import { site } from './site';

export const footer = {
  tagline: 'Design, marketing and creative direction for brands with something to say.',
  serviceLinksTitle: 'Services',
  companyLinksTitle: 'Company',
  copyright: `© ${site.copyrightYear} ${site.brand}. All rights reserved.`,
  serviceLinks: [
    { label: 'Web Design', href: '#services' },
    { label: 'Branding', href: '#services' },
    { label: 'Marketing', href: '#services' },
    { label: 'Social Media', href: '#services' },
  ] satisfies NavLink[],
  companyLinks: [
    { label: 'About Us', href: '#about' },
    { label: 'Portfolio', href: '#portfolio' },
    { label: 'Contact', href: '#contact' },
  ] satisfies NavLink[],
  newsletter: {
    title: 'Studio notes',
    text: 'One short email a month: new work, design thinking and the occasional free template.',
    emailLabel: 'Email address',
    emailPlaceholder: 'you@example.com',
    submitLabel: 'Subscribe',
    messages: {
      subscribed: 'Thanks! Now check your inbox: the link we sent confirms your subscription.',
      failed: 'We could not sign you up just now. Please try again.',
      offline: 'We could not reach the studio. Check your connection and try again.',
    },
  },
} as const;

export type SocialNetwork = 'instagram' | 'linkedin' | 'dribbble' | 'x';

/** Placeholders until the studio's profiles go live; they keep visitors on the page. */
export const socialLinks: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'instagram', label: 'Ember & Ink on Instagram', href: '#top' },
  { network: 'linkedin', label: 'Ember & Ink on LinkedIn', href: '#top' },
  { network: 'dribbble', label: 'Ember & Ink on Dribbble', href: '#top' },
  { network: 'x', label: 'Ember & Ink on X', href: '#top' },
];
