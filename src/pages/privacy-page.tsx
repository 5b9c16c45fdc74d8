import { privacy } from '../content/privacy';
import { BackHome, PlainPage } from './plain-page';

/** /privacy: what the site keeps, why, for how long, and how to ask for a copy or deletion. */
export function PrivacyPage() {
  return (
    <PlainPage>
      <h1 className="font-display text-5xl font-semibold tracking-tight">{privacy.title}</h1>
      <p className="mt-6 text-lg leading-relaxed text-ink-muted">{privacy.intro}</p>
      {privacy.sections.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`} className="mt-12">
          <h2 id={`privacy-${section.id}`} className="font-display text-2xl font-semibold">
            {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <BackHome label={privacy.backLabel} />
    </PlainPage>
  );
}
