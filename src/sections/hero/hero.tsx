import { ArrowRight } from 'lucide-react';
import { BOOK_PATH } from '../../../common/booking-page';
import type { SiteContent } from '../../../common/site-content';
import { LinkButton } from '../../components/link-button';
import { contact as contactLabels } from '../../content/contact';

/**
 * The id of the hero's last part, named by the head's `<link rel="expect">`
 * (src/pages/landing-head.ts): the browser draws no frame before this list is in the page, so the
 * first frame holds the whole opening, never the header alone (decision 0127).
 */
export const HERO_LAST_PART_ID = 'highlights';

/**
 * The page's opening: what the studio does and the ways to begin, among them "Book a call" (a
 * plain link to /book, nothing loaded for it on `/`) where the visitor decides; with
 * BOOKING=off there is no such page and no such link.
 */
export function Hero({ hero, isBookingOn }: { hero: SiteContent['hero']; isBookingOn: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-36 pb-24 sm:pt-44 sm:pb-32"
    >
      <div aria-hidden="true" className="hero-glow absolute inset-0 -z-10" />
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-sm font-semibold tracking-[0.22em] text-ember uppercase">
          {hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mt-6 font-display text-6xl leading-[0.95] font-semibold tracking-tight sm:text-8xl lg:text-9xl"
        >
          {`${hero.headline.lead} `}
          <span className="font-normal text-ember italic">{hero.headline.mark}</span>
          {` ${hero.headline.tail}`}
        </h1>
        <p className="mt-8 max-w-2xl text-xl leading-relaxed text-ink-muted sm:text-2xl">
          {hero.tagline}
        </p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <LinkButton href={hero.primaryAction.href} variant="primary">
            {hero.primaryAction.label}
            <ArrowRight aria-hidden="true" className="size-5" />
          </LinkButton>
          <LinkButton href={hero.secondaryAction.href} variant="secondary">
            {hero.secondaryAction.label}
          </LinkButton>
          {isBookingOn ? (
            <LinkButton href={BOOK_PATH} variant="secondary">
              {contactLabels.bookCall}
            </LinkButton>
          ) : null}
        </div>
        <ul
          id={HERO_LAST_PART_ID}
          className="mt-16 flex flex-wrap gap-x-8 gap-y-3 border-t border-line pt-8 text-sm font-medium text-ink-muted"
        >
          {hero.highlights.map((highlight, index) => (
            // Keyed by place: the list never reorders, and two highlights may read the same.
            <li key={index} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-ember" />
              {highlight}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
