import type { SiteContent } from '../../../common/site-content';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { SpriteIcon } from '../../components/sprite-icon';
import { Island } from '../../islands/island';
import { island } from './counters.island';

export function About({ about }: { about: SiteContent['about'] }) {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="dark render-near-viewport bg-paper-sunk py-24 text-ink [--usual-block-size:89rem] sm:py-32 md:[--usual-block-size:100rem] lg:[--usual-block-size:47rem]"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-5 sm:px-8 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <SectionHeading
            id="about-title"
            eyebrow={about.eyebrow}
            title={about.title}
            align="start"
          />
          {about.paragraphs.map((paragraph, index) => (
            // Keyed by place: the paragraphs never reorder on the page, and two may begin alike.
            <p key={index} className="mt-6 text-lg leading-relaxed text-ink-muted">
              {paragraph}
            </p>
          ))}
          <Island of={island} props={{ counters: about.counters }} />
          <div className="mt-12 flex gap-4 rounded-2xl border border-line p-6">
            <SpriteIcon name="award" className="size-8 shrink-0 text-gold" />
            <div>
              <p className="font-semibold">{about.award.title}</p>
              <p className="mt-1 leading-relaxed text-ink-muted">{about.award.text}</p>
            </div>
          </div>
        </div>
        <div className="overflow-hidden rounded-3xl">
          <Picture
            image={about.image}
            alt={about.imageAlt}
            sizes="(min-width: 1024px) 460px, 92vw"
            className="size-full object-cover"
          />
        </div>
      </div>
    </section>
  );
}
