import { useState } from 'react';
import { NEWSLETTER_ENDPOINT } from '../../../common/api';
import { loadFormRules } from '../../lib/load-form-rules';
import { postJson } from '../../lib/post-json';

export type NewsletterState =
  { status: 'idle' | 'sending' } | { status: 'subscribed' | 'error'; message: string };

export const NEWSLETTER_MESSAGES = {
  subscribed: "Thanks! You're on the list. Look out for our next studio notes.",
  failed: 'We could not sign you up just now. Please try again.',
  offline: 'We could not reach the studio. Check your connection and try again.',
} as const;

/** Validates with the server's schema, posts once, and reports the result inline. */
export function useNewsletter() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>({ status: 'idle' });

  const subscribe = async () => {
    const rules = await loadFormRules();
    const parsed = rules?.newsletter.safeParse({ email });
    if (parsed && !parsed.success) {
      const message = parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.failed;
      setState({ status: 'error', message });
      return;
    }
    setState({ status: 'sending' });
    try {
      const result = await postJson(NEWSLETTER_ENDPOINT, parsed?.data ?? { email }, {
        offlineMessage: NEWSLETTER_MESSAGES.offline,
      });
      if (result.success) {
        setEmail('');
        setState({ status: 'subscribed', message: NEWSLETTER_MESSAGES.subscribed });
      } else {
        setState({ status: 'error', message: result.error || NEWSLETTER_MESSAGES.failed });
      }
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : NEWSLETTER_MESSAGES.failed;
      setState({ status: 'error', message });
    }
  };

  return { email, setEmail, state, subscribe };
}
