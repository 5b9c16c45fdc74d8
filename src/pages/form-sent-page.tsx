import { formPages } from '../content/form-pages';
import { BackHome, PlainPage } from './plain-page';

export type SentPageKind = 'contactSent' | 'newsletterSent';

/** Where a form sent without JavaScript lands: the same words the form would have shown. */
export function FormSentPage({ kind }: { kind: SentPageKind }) {
  const page = formPages[kind];
  return (
    <PlainPage>
      <h1 className="font-display text-4xl font-semibold tracking-tight">{page.heading}</h1>
      <p className="mt-6 text-lg leading-relaxed text-ink-muted">{page.text}</p>
      <BackHome label={formPages.backLabel} />
    </PlainPage>
  );
}
