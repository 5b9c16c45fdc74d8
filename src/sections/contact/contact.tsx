import { BOOK_PATH } from '../../../common/booking-page';
import type { SiteContent } from '../../../common/site-content';
import { SectionHeading } from '../../components/section-heading';
import { SpriteIcon } from '../../components/sprite-icon';
import { contact as contactLabels } from '../../content/contact';
import { Island } from '../../islands/island';
import { contactFormCopy } from './contact-form-copy';
import { island } from './contact-form.island';

/** The contact lines: their values from the document, their labels and icons code. */
function detailsOf(contact: SiteContent['contact'], isBookingOn: boolean) {
  const { details } = contactLabels;
  return [
    {
      icon: 'mail',
      label: details.email,
      value: contact.email,
      href: `mailto:${contact.email}`,
      action: null,
    },
    {
      icon: 'phone',
      label: details.phone,
      value: contact.phone,
      href: contact.phoneHref,
      action: null,
    },
    {
      icon: 'calendar-clock',
      label: details.visit,
      value: contact.visit,
      href: null,
      // A plain link to a page of its own: nothing on `/` loads for booking (issue 35). With
      // BOOKING=off there is no such page, and the line stays plain text.
      action: isBookingOn ? { label: contactLabels.bookCall, href: BOOK_PATH } : null,
    },
  ] as const;
}

export function Contact({
  contact,
  isBookingOn,
}: {
  contact: SiteContent['contact'];
  isBookingOn: boolean;
}) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-paper-sunk py-24 sm:py-32">
      <div className="mx-auto grid max-w-6xl gap-14 px-5 sm:px-8 lg:grid-cols-[0.8fr_1.2fr]">
        <div>
          <SectionHeading
            id="contact-title"
            eyebrow={contact.eyebrow}
            title={contact.title}
            intro={contact.intro}
            align="start"
          />
          <ul className="mt-10 flex flex-col gap-5">
            {detailsOf(contact, isBookingOn).map(({ icon, label, value, href, action }) => (
              <li key={label} className="flex items-center gap-4">
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-paper-raised text-ember shadow-sm">
                  <SpriteIcon name={icon} className="size-5" />
                </span>
                <span>
                  <span className="block text-sm text-ink-muted">{label}</span>
                  {href ? (
                    <a
                      href={href}
                      className="inline-flex min-h-6 items-center font-semibold underline-offset-4 hover:underline"
                    >
                      {value}
                    </a>
                  ) : (
                    <span className="font-semibold">{value}</span>
                  )}
                  {action ? (
                    <a
                      href={action.href}
                      className="flex min-h-6 items-center font-semibold underline underline-offset-4"
                    >
                      {action.label}
                    </a>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <Island of={island} props={{ copy: contactFormCopy }} />
      </div>
    </section>
  );
}
