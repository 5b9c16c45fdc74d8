import type { SiteContent } from '../../../common/site-content';
import { SectionHeading } from '../../components/section-heading';
import { SpriteIcon } from '../../components/sprite-icon';

/** The first letter of each word, whole even when it is outside the Basic Multilingual Plane. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => Array.from(part)[0] ?? '')
    .join('');
}

export function Testimonials({ testimonials }: { testimonials: SiteContent['testimonials'] }) {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="render-near-viewport py-24 [--usual-block-size:92rem] sm:py-32 md:[--usual-block-size:74rem] lg:[--usual-block-size:38rem]"
    >
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="testimonials-title"
          eyebrow={testimonials.eyebrow}
          title={testimonials.title}
        />
        <ul className="mt-16 grid gap-6 lg:grid-cols-3">
          {testimonials.items.map((testimonial) => (
            <li key={testimonial.id}>
              <figure className="flex h-full flex-col rounded-3xl border border-line bg-paper-raised p-8 shadow-sm">
                <SpriteIcon name="quote" className="size-8 text-ember" />
                <blockquote className="mt-6 flex-1 font-display text-xl leading-relaxed">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-4 border-t border-line pt-6">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-paper-sunk font-display font-semibold text-ember"
                  >
                    {initialsOf(testimonial.author)}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold">{testimonial.author}</span>
                    <span className="block text-sm text-ink-muted">
                      {testimonial.role}, {testimonial.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
