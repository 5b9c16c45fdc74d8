import { useState } from 'react';
import { NEWSLETTER_ENDPOINT } from '../../../common/endpoints';
import { footer } from '../../content/footer';
import { loadFormRules } from '../../lib/load-form-rules';
import { postJson } from '../../lib/post-json';

export type NewsletterState =
  { status: 'idle' | 'sending' } | { status: 'subscribed' | 'error'; message: string };

const { messages } = footer.newsletter;
const FIELDS = ['email'] as const;

/** Validates with the server's schema, posts once, and reports the result inline. */
export function useNewsletter() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>({ status: 'idle' });

  const subscribe = async () => {
    const rules = await loadFormRules();
    const parsed = rules?.newsletter.safeParse({ email });
    if (rules && parsed && !parsed.success) {
      const message = rules.describeParseErrors(parsed.error, FIELDS).email;
      setState({ status: 'error', message: message ?? messages.failed });
      return;
    }
    setState({ status: 'sending' });
    try {
      const result = await postJson(NEWSLETTER_ENDPOINT, parsed?.data ?? { email }, {
        offlineMessage: messages.offline,
      });
      if (result.success) {
        setEmail('');
        setState({ status: 'subscribed', message: messages.subscribed });
      } else {
        const fieldError =
          rules && 'fieldErrors' in result && result.fieldErrors
            ? rules.describeFieldErrors(result.fieldErrors, FIELDS).email
            : undefined;
        const message =
          fieldError ?? rules?.describeApiError(result.error, messages.failed) ?? messages.failed;
        setState({ status: 'error', message });
      }
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : messages.failed;
      setState({ status: 'error', message });
    }
  };

  return { email, setEmail, state, subscribe };
}
