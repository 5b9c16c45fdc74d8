import { useId, useMemo, useState, type FormEvent } from 'react';
import { SETTINGS_LIMITS, type StudioSettings } from '../../../common/studio-settings';
import { CONTROL_CLASS } from '../../components/field-shell';
import { saveSettings } from '../api/settings-api';
import { OwnerOnlyFields } from '../components/owner-only';
import { SaveRow } from '../components/save-row';
import { settingsCopy } from '../copy';
import { useWholeFormSave } from '../hooks/use-whole-form-save';
import { useStudioLocale } from '../session/studio-locale';
import { languageChoices } from './language-choices';

type FieldName = 'acknowledgement.subject' | 'acknowledgement.text' | 'locale' | 'currency';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message === undefined ? null : (
    <p id={id} className="text-sm font-semibold text-danger">
      {message}
    </p>
  );
}

/** The settings as one form: saved all at once, each refused field saying why beside it. */
export function SettingsForm({ initial }: { initial: StudioSettings }) {
  const id = useId();
  const { adopt } = useStudioLocale();
  const [settings, setSettings] = useState(initial);
  const { errors, save, saveRow } = useWholeFormSave<FieldName, string>(settingsCopy);
  const { acknowledgement } = settings;
  const languages = useMemo(() => languageChoices(initial.locale), [initial.locale]);

  const changeAcknowledgement = (change: Partial<StudioSettings['acknowledgement']>) =>
    setSettings((current) => ({
      ...current,
      acknowledgement: { ...current.acknowledgement, ...change },
    }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    return save(async () => {
      const saved = await saveSettings(settings);
      setSettings(saved);
      adopt(saved);
    });
  }

  /** aria-invalid and aria-describedby for a field, with its hint when it has one. */
  const described = (field: FieldName, hint?: string) => {
    const ids = [hint, errors[field] === undefined ? undefined : `${id}-${field}-error`];
    return {
      'aria-invalid': errors[field] === undefined ? undefined : true,
      'aria-describedby': ids.filter((part) => part !== undefined).join(' ') || undefined,
    };
  };

  return (
    <form
      aria-label={settingsCopy.title}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-8"
    >
      <OwnerOnlyFields readOnlyNote={settingsCopy.readOnly} save={<SaveRow {...saveRow} />}>
        <fieldset className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-5">
          <legend className="px-1 text-lg font-semibold">{settingsCopy.acknowledgement}</legend>
          <p className="text-sm text-ink-muted">{settingsCopy.acknowledgementIntro}</p>
          <label className="flex min-h-11 items-center gap-3 font-semibold">
            <input
              type="checkbox"
              checked={acknowledgement.enabled}
              onChange={(event) => changeAcknowledgement({ enabled: event.target.checked })}
              className="size-5 accent-ember"
            />
            {settingsCopy.enabled}
          </label>
          <label htmlFor={`${id}-subject`} className="text-sm font-semibold">
            {settingsCopy.subject}
          </label>
          <input
            id={`${id}-subject`}
            type="text"
            maxLength={SETTINGS_LIMITS.subjectLength}
            value={acknowledgement.subject}
            onChange={(event) => changeAcknowledgement({ subject: event.target.value })}
            className={CONTROL_CLASS}
            {...described('acknowledgement.subject')}
          />
          <FieldError
            id={`${id}-acknowledgement.subject-error`}
            message={errors['acknowledgement.subject']}
          />
          <label htmlFor={`${id}-text`} className="text-sm font-semibold">
            {settingsCopy.text}
          </label>
          <p id={`${id}-text-hint`} className="-mt-2 text-sm text-ink-muted">
            {settingsCopy.textHint}
          </p>
          <textarea
            id={`${id}-text`}
            rows={7}
            maxLength={SETTINGS_LIMITS.textLength}
            value={acknowledgement.text}
            onChange={(event) => changeAcknowledgement({ text: event.target.value })}
            className={CONTROL_CLASS}
            {...described('acknowledgement.text', `${id}-text-hint`)}
          />
          <FieldError
            id={`${id}-acknowledgement.text-error`}
            message={errors['acknowledgement.text']}
          />
        </fieldset>
        <fieldset className="grid gap-3 rounded-2xl border border-line bg-paper-raised p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{settingsCopy.formats}</legend>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${id}-locale`} className="text-sm font-semibold">
              {settingsCopy.locale}
            </label>
            <p id={`${id}-locale-hint`} className="text-sm text-ink-muted">
              {settingsCopy.localeHint}
            </p>
            <select
              id={`${id}-locale`}
              value={settings.locale}
              onChange={(event) => setSettings({ ...settings, locale: event.target.value })}
              className={CONTROL_CLASS}
              {...described('locale', `${id}-locale-hint`)}
            >
              {languages.map(({ value, label }) => (
                <option key={value} value={value} lang={value}>
                  {label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-locale-error`} message={errors.locale} />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor={`${id}-currency`} className="text-sm font-semibold">
              {settingsCopy.currency}
            </label>
            <p id={`${id}-currency-hint`} className="text-sm text-ink-muted">
              {settingsCopy.currencyHint}
            </p>
            <input
              id={`${id}-currency`}
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={3}
              value={settings.currency}
              onChange={(event) =>
                setSettings({ ...settings, currency: event.target.value.toUpperCase() })
              }
              className={CONTROL_CLASS}
              {...described('currency', `${id}-currency-hint`)}
            />
            <FieldError id={`${id}-currency-error`} message={errors.currency} />
          </div>
        </fieldset>
      </OwnerOnlyFields>
    </form>
  );
}
