import * as z from 'zod/mini';
import {
  isCurrency,
  isLocale,
  SETTINGS_LIMITS,
  type StudioSettings,
} from '../../../common/studio-settings';

export type SettingsFieldErrors = Partial<
  Record<'acknowledgement.subject' | 'acknowledgement.text' | 'locale' | 'currency', string>
>;

const SettingsShape = z.strictObject({
  acknowledgement: z.strictObject({ enabled: z.boolean(), subject: z.string(), text: z.string() }),
  locale: z.string(),
  currency: z.string(),
});

const LINE_BREAK = /[\r\n]/;

function subjectProblem(subject: string): string | null {
  if (subject === '') return 'Give the acknowledgement a subject.';
  if (LINE_BREAK.test(subject)) return 'A subject is one line.';
  return subject.length > SETTINGS_LIMITS.subjectLength
    ? `A subject is at most ${SETTINGS_LIMITS.subjectLength} characters.`
    : null;
}

function textProblem(text: string): string | null {
  if (text === '') return 'Write the acknowledgement.';
  return text.length > SETTINGS_LIMITS.textLength
    ? `The acknowledgement is at most ${SETTINGS_LIMITS.textLength} characters.`
    : null;
}

/**
 * The settings from a parsed PUT body, trimmed, or each field's problem in the studio's words;
 * null for a body of another shape.
 */
export function readSettingsRequest(
  body: unknown,
): { ok: true; value: StudioSettings } | { ok: false; fieldErrors: SettingsFieldErrors } | null {
  const shape = SettingsShape.safeParse(body);
  if (!shape.success) return null;
  const subject = shape.data.acknowledgement.subject.trim();
  const text = shape.data.acknowledgement.text.trim();
  const locale = shape.data.locale.trim();
  const currency = shape.data.currency.trim();
  const problems = {
    'acknowledgement.subject': subjectProblem(subject),
    'acknowledgement.text': textProblem(text),
    locale: isLocale(locale) ? null : 'Use a language tag such as en-GB or de-DE.',
    currency: isCurrency(currency) ? null : 'Use a currency code such as GBP, EUR or USD.',
  };
  const fieldErrors: SettingsFieldErrors = Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    value: {
      acknowledgement: { enabled: shape.data.acknowledgement.enabled, subject, text },
      locale,
      currency,
    },
  };
}
