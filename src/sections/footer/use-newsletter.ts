import { useState } from 'react';
import { NEWSLETTER_ENDPOINT } from '../../../common/endpoints';
import { ALTCHA_FIELD, MIN_FILL_MS } from '../../../common/challenge';
import { loadFormRules } from '../../lib/load-form-rules';
import { postJson } from '../../lib/post-json';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';

export type NewsletterState =
  { status: 'idle' | 'sending' } | { status: 'subscribed' | 'error'; message: string };

const FIELDS = ['email'] as const;

/** What a box sent without JavaScript comes back with when the server refused the address. */
export type NewsletterInitial = { email: string; error: string };

/** Validates with the server's schema, posts once, and reports the result inline. */
export function useNewsletter(
  copy: { messages: Record<'subscribed' | 'failed' | 'offline', string> },
  initial?: NewsletterInitial,
) {
  const { messages } = copy;
  const [email, setEmail] = useState(initial?.email ?? '');
  const [state, setState] = useState<NewsletterState>(
    initial ? { status: 'error', message: initial.error } : { status: 'idle' },
  );
  const proofOfWork = useProofOfWork(MIN_FILL_MS.newsletter);

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
      const solution = await proofOfWork.take();
      const fields = parsed?.data ?? { email };
      const body = solution === null ? fields : { ...fields, [ALTCHA_FIELD]: solution };
      const result = await postJson(NEWSLETTER_ENDPOINT, body, {
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

  return { email, setEmail, state, subscribe, startProofOfWork: proofOfWork.start };
}
