import { useCallback, useEffect, useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER, CONTACT_ENDPOINT } from '../../../common/endpoints';
import type { ContactField } from '../../../common/contact';
import { HONEYPOT_FIELD } from '../../../common/form-constants';
import { contact } from '../../content/contact';
import { createIdempotencyKey } from '../../lib/create-idempotency-key';
import { loadFormRules } from '../../lib/load-form-rules';
import { postJson } from '../../lib/post-json';

export type SubmitStatus = 'idle' | 'sending' | 'success' | 'error';
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** How long '✓ Message Sent!' or '✗ Try Again' stays before the form returns to idle. */
export const FEEDBACK_RESET_MS = 5000;

const EMPTY_VALUES: ContactValues = { name: '', email: '', service: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'service', 'message'];

/**
 * The contact form's state machine: idle → sending → success | error → idle after 5 s.
 * The same Idempotency-Key is reused while the visitor resends an unchanged message, so a
 * retry after a lost answer never produces a second enquiry.
 */
export function useContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY_VALUES);
  const [honeypot, setHoneypot] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const [errorMessage, setErrorMessage] = useState('');
  const pendingKey = useRef<{ body: string; key: string } | null>(null);

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setErrorMessage('');
    }, FEEDBACK_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const setValue = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const idempotencyKeyFor = (body: string): string => {
    if (pendingKey.current?.body !== body) {
      pendingKey.current = { body, key: createIdempotencyKey() };
    }
    return pendingKey.current.key;
  };

  const fail = (message: string) => {
    setErrorMessage(message);
    setStatus('error');
  };

  const submit = async (): Promise<ContactField | null> => {
    const rules = await loadFormRules();
    const parsed = rules?.contact.safeParse(values);
    if (rules && parsed && !parsed.success) {
      const errors = rules.describeParseErrors(parsed.error, FIELD_ORDER);
      setFieldErrors(errors);
      return FIELD_ORDER.find((field) => errors[field]) ?? null;
    }
    const body = { ...(parsed?.data ?? values), [HONEYPOT_FIELD]: honeypot };
    const headers = { [IDEMPOTENCY_HEADER]: idempotencyKeyFor(JSON.stringify(body)) };
    setStatus('sending');
    setErrorMessage('');
    try {
      const result = await postJson(CONTACT_ENDPOINT, body, {
        headers,
        offlineMessage: contact.errors.offline,
      });
      if (result.success) {
        pendingKey.current = null;
        setValues(EMPTY_VALUES);
        setFieldErrors({});
        setStatus('success');
        return null;
      }
      if (rules && 'fieldErrors' in result && result.fieldErrors) {
        setFieldErrors(rules.describeFieldErrors(result.fieldErrors, FIELD_ORDER));
      }
      fail(
        rules?.describeApiError(result.error, contact.errors.rejected) ?? contact.errors.rejected,
      );
    } catch (error) {
      fail(error instanceof Error && error.message ? error.message : contact.errors.thrown);
    }
    return null;
  };

  return { values, setValue, honeypot, setHoneypot, fieldErrors, status, errorMessage, submit };
}
