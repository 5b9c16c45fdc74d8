import { NEWSLETTER_ENDPOINT } from '../../../common/endpoints';
import { EMAIL_MAX_LENGTH } from '../../../common/form-constants';
import { useLayoutEffect, useRef } from 'react';
import { isText, objectOf, type Checked } from '../../islands/check-props';
import { PrivacyNote } from '../../components/privacy-note';
import { loadFormRules } from '../../lib/load-form-rules';
import { useNewsletter, type NewsletterInitial } from './use-newsletter';

const text = isText;
export const isNewsletterFormCopy = objectOf({
  title: text,
  text,
  emailLabel: text,
  emailPlaceholder: text,
  submitLabel: text,
  messages: objectOf({ subscribed: text, failed: text, offline: text }),
  privacy: objectOf({ text, linkLabel: text, href: text }),
});
export type NewsletterFormCopy = Checked<typeof isNewsletterFormCopy>;
export const isNewsletterFormProps = objectOf({ copy: isNewsletterFormCopy });

const INPUT_ID = 'newsletter-email';
const MESSAGE_ID = 'newsletter-message';

/**
 * A real form: without JavaScript the browser posts it and the server answers with a page.
 * `initial` is what the server renders when a plain post came back with an error.
 */
export function NewsletterForm({
  copy,
  initial,
}: {
  copy: NewsletterFormCopy;
  initial?: NewsletterInitial;
}) {
  const newsletter = useNewsletter(copy, initial);
  const { state, setEmail, startProofOfWork } = newsletter;
  const inputRef = useRef<HTMLInputElement>(null);

  // Hydration keeps an address typed before the island woke on screen, not in React's state.
  // A layout effect, so the state holds it before a submission held while waking is replayed.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '') setEmail(typed);
    // The focus that woke the island came before its handlers: it still prepares the form.
    if (inputRef.current !== null && inputRef.current === document.activeElement) {
      void loadFormRules();
      startProofOfWork();
    }
  }, [setEmail, startProofOfWork]);
  const hasError = state.status === 'error';
  return (
    <form
      aria-labelledby="newsletter-title"
      method="post"
      action={NEWSLETTER_ENDPOINT}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void newsletter.subscribe();
      }}
    >
      <h2 id="newsletter-title" className="font-display text-lg font-semibold">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{copy.text}</p>
      <label htmlFor={INPUT_ID} className="sr-only">
        {copy.emailLabel}
      </label>
      <div className="mt-4 flex gap-2">
        <input
          ref={inputRef}
          id={INPUT_ID}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={copy.emailPlaceholder}
          maxLength={EMAIL_MAX_LENGTH}
          value={newsletter.email}
          onChange={(event) => newsletter.setEmail(event.target.value)}
          onFocus={() => {
            void loadFormRules();
            newsletter.startProofOfWork();
          }}
          aria-invalid={hasError ? true : undefined}
          aria-describedby={MESSAGE_ID}
          className="min-h-11 w-full min-w-0 rounded-full border border-line bg-paper px-4 text-sm text-ink placeholder:text-ink-muted/70 focus:border-ember aria-invalid:border-danger"
        />
        <button
          type="submit"
          disabled={state.status === 'sending'}
          className="min-h-11 shrink-0 rounded-full bg-ink px-5 text-sm font-semibold text-paper transition-opacity hover:opacity-90 disabled:opacity-60"
        >
          {copy.submitLabel}
        </button>
      </div>
      <p
        id={MESSAGE_ID}
        role="status"
        className={`mt-3 min-h-5 text-sm font-medium ${hasError ? 'text-danger' : 'text-success'}`}
      >
        {'message' in state ? state.message : null}
      </p>
      <PrivacyNote {...copy.privacy} />
    </form>
  );
}
