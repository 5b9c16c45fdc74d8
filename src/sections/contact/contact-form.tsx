import type { FormEvent } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { isText, objectOf, type Checked } from '../../islands/check-props';
import { CONTACT_ENDPOINT } from '../../../common/endpoints';
import type { ContactField } from '../../../common/contact';
import { CONTACT_LIMITS, CONTACT_SERVICES, EMAIL_MAX_LENGTH } from '../../../common/form-constants';
import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { HoneypotField } from '../../components/honeypot-field';
import { PrivacyNote } from '../../components/privacy-note';
import { loadFormRules } from '../../lib/load-form-rules';
import { useContactForm, type ContactFormInitial } from './use-contact-form';

const idFor = (field: ContactField) => `contact-${field}`;

const text = isText;
export const isContactFormCopy = objectOf({
  form: objectOf({
    title: text,
    nameLabel: text,
    emailLabel: text,
    serviceLabel: text,
    servicePlaceholder: text,
    messageLabel: text,
    messagePlaceholder: text,
    honeypotLabel: text,
  }),
  submitLabels: objectOf({ idle: text, sending: text, success: text, error: text }),
  announcements: objectOf({ sending: text, success: text }),
  errors: objectOf({ rejected: text, thrown: text, offline: text }),
  privacy: objectOf({ text, linkLabel: text, href: text }),
});
export type ContactFormCopy = Checked<typeof isContactFormCopy>;
export const isContactFormProps = objectOf({ copy: isContactFormCopy });

/**
 * A real form: without JavaScript the browser posts it to the API, which answers with a page.
 * With JavaScript it is sent as JSON and its states show in place. `initial` is what the server
 * renders when a plain post came back with errors.
 */
export function ContactForm({
  copy,
  initial,
}: {
  copy: ContactFormCopy;
  initial?: ContactFormInitial;
}) {
  const form = useContactForm(copy, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const { adoptTypedValue, startProofOfWork } = form;

  // Hydration keeps what a visitor typed before the island woke on screen, not in React's state.
  // A layout effect, so the state holds it before a submission held while waking is replayed.
  useLayoutEffect(() => {
    for (const control of formRef.current?.elements ?? []) {
      if (
        (control instanceof HTMLInputElement ||
          control instanceof HTMLTextAreaElement ||
          control instanceof HTMLSelectElement) &&
        control.value !== ''
      ) {
        adoptTypedValue(control.name, control.value);
      }
    }
    // The focus that woke the island came before its handlers: it still prepares the form.
    if (formRef.current?.contains(document.activeElement)) {
      void loadFormRules();
      startProofOfWork();
    }
  }, [adoptTypedValue, startProofOfWork]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalidField = await form.submit();
    if (invalidField)
      formRef.current?.querySelector<HTMLElement>(`#${idFor(invalidField)}`)?.focus();
  };

  // The first focus fetches the field rules and starts the proof of work, not the page load.
  const prepare = () => {
    void loadFormRules();
    form.startProofOfWork();
  };

  const controlProps = (field: ContactField) => ({
    id: idFor(field),
    name: field,
    value: form.values[field],
    required: true,
    'aria-invalid': form.fieldErrors[field] ? true : undefined,
    'aria-describedby': form.fieldErrors[field] ? errorIdFor(idFor(field)) : undefined,
    className: CONTROL_CLASS,
    onFocus: prepare,
  });

  const isSending = form.status === 'sending';
  return (
    <form
      ref={formRef}
      aria-labelledby="contact-form-title"
      method="post"
      action={CONTACT_ENDPOINT}
      onSubmit={(event) => void handleSubmit(event)}
      className="relative flex flex-col gap-6 rounded-3xl border border-line bg-paper-raised p-6 shadow-xl shadow-ink/5 sm:p-10"
    >
      <h3 id="contact-form-title" className="font-display text-2xl font-semibold">
        {copy.form.title}
      </h3>
      <div className="grid gap-6 sm:grid-cols-2">
        <FieldShell
          controlId={idFor('name')}
          label={copy.form.nameLabel}
          error={form.fieldErrors.name}
        >
          <input
            {...controlProps('name')}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            onChange={(event) => form.setValue('name', event.target.value)}
          />
        </FieldShell>
        <FieldShell
          controlId={idFor('email')}
          label={copy.form.emailLabel}
          error={form.fieldErrors.email}
        >
          <input
            {...controlProps('email')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            onChange={(event) => form.setValue('email', event.target.value)}
          />
        </FieldShell>
      </div>
      <FieldShell
        controlId={idFor('service')}
        label={copy.form.serviceLabel}
        error={form.fieldErrors.service}
      >
        <select
          {...controlProps('service')}
          onChange={(event) => form.setValue('service', event.target.value)}
        >
          <option value="">{copy.form.servicePlaceholder}</option>
          {CONTACT_SERVICES.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
      </FieldShell>
      <FieldShell
        controlId={idFor('message')}
        label={copy.form.messageLabel}
        error={form.fieldErrors.message}
      >
        <textarea
          {...controlProps('message')}
          rows={4}
          maxLength={CONTACT_LIMITS.message}
          placeholder={copy.form.messagePlaceholder}
          onChange={(event) => form.setValue('message', event.target.value)}
        />
      </FieldShell>
      <HoneypotField
        label={copy.form.honeypotLabel}
        value={form.honeypot}
        onChange={(event) => form.setHoneypot(event.target.value)}
      />
      <div className="flex flex-col gap-3">
        {form.status === 'error' && form.errorMessage ? (
          <p
            role="alert"
            className="rounded-xl bg-danger/10 px-4 py-3 text-sm font-medium text-danger"
          >
            {form.errorMessage}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={isSending}
          className="inline-flex min-h-13 items-center justify-center rounded-full bg-ember px-8 text-base font-semibold text-on-ember shadow-lg shadow-ember/25 transition-colors hover:bg-ember-strong disabled:cursor-wait disabled:opacity-70"
        >
          {copy.submitLabels[form.status]}
        </button>
        <PrivacyNote {...copy.privacy} />
        <p role="status" className="sr-only">
          {form.status === 'sending' ? copy.announcements.sending : null}
          {form.status === 'success' ? copy.announcements.success : null}
        </p>
      </div>
    </form>
  );
}
