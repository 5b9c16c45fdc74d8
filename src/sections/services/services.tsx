import type { SiteContent } from '../../../common/site-content';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { SpriteIcon } from '../../components/sprite-icon';
import { StylesheetAfterFirstScreen } from '../../components/stylesheet-after-first-screen';
import { SERVICE_ICONS } from './service-icons';

/**
 * The first screen ends in this section's top padding, on a phone and on a desktop: the link to
 * the whole stylesheet comes right after its opening tag, so the strip of it that the first
 * screen shows is painted, in its colour, from the inlined rules (decision 0079).
 */
export function Services({ services }: { services: SiteContent['services'] }) {
  return (
    <section
      id="services"
      aria-labelledby="services-title"
      className="bg-paper-sunk py-24 sm:py-32"
    >
      <StylesheetAfterFirstScreen />
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="services-title"
          eyebrow={services.eyebrow}
          title={services.title}
          intro={services.intro}
        />
        <ul className="mt-16 grid gap-6 md:grid-cols-2">
          {services.items.map(({ id, title, description, image, imageAlt }) => {
            return (
              <li
                key={id}
                className="group render-near-viewport flex flex-col overflow-hidden rounded-3xl border border-line bg-paper-raised shadow-sm transition-shadow [--usual-block-size:29rem] hover:shadow-xl md:[--usual-block-size:40rem] lg:flex-row lg:[--usual-block-size:19rem]"
              >
                <div className="aspect-[4/3] overflow-hidden lg:w-[45%] lg:shrink-0">
                  <Picture
                    image={image}
                    alt={imageAlt}
                    sizes="(min-width: 1024px) 250px, (min-width: 768px) 45vw, 92vw"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                </div>
                <div className="flex flex-1 flex-col p-7 lg:justify-center lg:p-8">
                  <span className="-mt-14 mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-ember text-on-ember shadow-lg ring-4 ring-paper-raised lg:mt-0 lg:size-11 lg:rounded-xl lg:ring-0">
                    <SpriteIcon name={SERVICE_ICONS[id]} className="size-6 lg:size-5" />
                  </span>
                  <h3 className="font-display text-2xl font-semibold lg:text-xl">{title}</h3>
                  <p className="mt-3 leading-relaxed text-ink-muted">{description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
