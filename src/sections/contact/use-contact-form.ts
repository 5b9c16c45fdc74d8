import { useCallback, useEffect, useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER, CONTACT_ENDPOINT } from '../../../common/endpoints';
import { ALTCHA_FIELD, MIN_FILL_MS } from '../../../common/challenge';
import type { ContactField } from '../../../common/contact';
import { HONEYPOT_FIELD } from '../../../common/form-constants';
import { createIdempotencyKey } from '../../lib/create-idempotency-key';
import { loadFormRules } from '../../lib/load-form-rules';
import { postJson } from '../../lib/post-json';
import { useProofOfWork } from '../../lib/proof-of-work/use-proof-of-work';

export type SubmitStatus = 'idle' | 'sending' | 'success' | 'error';
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** How long '✓ Message Sent!' or '✗ Try Again' stays before the form returns to idle. */
export const FEEDBACK_RESET_MS = 5000;

/** What a form sent without JavaScript comes back with when the server refused a field. */
export type ContactFormInitial = {
  values: Partial<Record<string, string>>;
  /** In words already: the server renders this page, the rules never load for it. */
  fieldErrors: ContactFieldErrors;
  error: string;
};

const EMPTY_VALUES: ContactValues = { name: '', email: '', service: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'service', 'message'];

function initialValues(values: Partial<Record<string, string>>): ContactValues {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    service: values.service ?? '',
    message: values.message ?? '',
  };
}

/**
 * The contact form's state machine: idle → sending → success | error → idle after 5 s.
 * The same Idempotency-Key is reused while the visitor resends an unchanged message, so a
 * retry after a lost answer never produces a second enquiry.
 */
export function useContactForm(
  copy: { errors: Record<'rejected' | 'thrown' | 'offline', string> },
  initial?: ContactFormInitial,
) {
  const [values, setValues] = useState<ContactValues>(() =>
    initial ? initialValues(initial.values) : EMPTY_VALUES,
  );
  const [honeypot, setHoneypot] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>(() =>
    initial ? initial.fieldErrors : {},
  );
  const [status, setStatus] = useState<SubmitStatus>(initial ? 'error' : 'idle');
  const [errorMessage, setErrorMessage] = useState(initial?.error ?? '');
  const pendingKey = useRef<{ body: string; key: string } | null>(null);
  const proofOfWork = useProofOfWork(MIN_FILL_MS.contact);

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

  /** Takes a control's value that is on screen but not yet in state, by the control's name. */
  const adoptTypedValue = useCallback((name: string, value: string) => {
    if (name === HONEYPOT_FIELD) setHoneypot(value);
    const field = FIELD_ORDER.find((known) => known === name);
    if (field) setValues((current) => ({ ...current, [field]: value }));
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
    const fields = { ...(parsed?.data ?? values), [HONEYPOT_FIELD]: honeypot };
    // The key follows the message, not the solution: every attempt carries a fresh solution.
    const headers = { [IDEMPOTENCY_HEADER]: idempotencyKeyFor(JSON.stringify(fields)) };
    setStatus('sending');
    setErrorMessage('');
    try {
      const solution = await proofOfWork.take();
      const body = solution === null ? fields : { ...fields, [ALTCHA_FIELD]: solution };
      const result = await postJson(CONTACT_ENDPOINT, body, {
        headers,
        offlineMessage: copy.errors.offline,
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
      fail(rules?.describeApiError(result.error, copy.errors.rejected) ?? copy.errors.rejected);
    } catch (error) {
      fail(error instanceof Error && error.message ? error.message : copy.errors.thrown);
    }
    return null;
  };

  return {
    values,
    setValue,
    honeypot,
    setHoneypot,
    fieldErrors,
    status,
    errorMessage,
    submit,
    adoptTypedValue,
    startProofOfWork: proofOfWork.start,
  };
}
