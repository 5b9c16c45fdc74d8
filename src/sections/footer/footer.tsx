import type { SiteContent } from '../../../common/site-content';
import { BrandMark } from '../../components/brand-mark';
import { SocialIcon } from '../../components/social-icon';
import { PRIVACY_PATH, privacyLinks } from '../../content/privacy-links';
import { site } from '../../content/site';
import { Island } from '../../islands/island';
import { newsletterFormCopy } from './newsletter-form-copy';
import { island } from './newsletter-form.island';

type FooterContent = SiteContent['footer'];

function LinkColumn({ title, links }: { title: string; links: FooterContent['serviceLinks'] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      <ul className="mt-4 flex flex-col gap-1">
        {links.map((link, index) => (
          // Keyed by place: the column never reorders on the page, and two labels may match.
          <li key={index}>
            <a
              href={link.href}
              className="inline-block py-1 text-ink-muted transition-colors hover:text-ember"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ footer }: { footer: FooterContent }) {
  return (
    <footer className="render-near-viewport border-t border-line bg-paper [--usual-block-size:70rem] md:[--usual-block-size:42rem] lg:[--usual-block-size:28rem]">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_0.8fr_0.8fr_1.4fr]">
        <div>
          <p className="inline-flex items-center gap-2.5 font-display text-xl font-semibold">
            <BrandMark className="size-8" />
            {site.brand}
          </p>
          <p className="mt-4 max-w-xs leading-relaxed text-ink-muted">{footer.tagline}</p>
          <ul className="mt-6 flex gap-2">
            {footer.socialLinks.map((social, index) => (
              // Keyed by place: nothing stops a network from being listed twice.
              <li key={index}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  className="inline-flex size-11 items-center justify-center rounded-full border border-line text-ink-muted transition-colors hover:border-ember hover:text-ember"
                >
                  <SocialIcon network={social.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title={footer.serviceLinksTitle} links={footer.serviceLinks} />
        <LinkColumn title={footer.companyLinksTitle} links={footer.companyLinks} />
        <Island of={island} props={{ copy: newsletterFormCopy }} />
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 px-5 py-6 text-sm text-ink-muted sm:px-8">
          <p>{footer.copyright}</p>
          <a
            href={PRIVACY_PATH}
            className="inline-flex min-h-6 items-center underline-offset-4 hover:text-ember hover:underline"
          >
            {privacyLinks.footerLabel}
          </a>
        </div>
      </div>
    </footer>
  );
}
