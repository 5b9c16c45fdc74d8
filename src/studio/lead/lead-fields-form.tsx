import { useId, useState, type FormEvent } from 'react';
import { isLeadStage, type LeadStage } from '../../../common/leads';
import { toMinorUnits, type LeadValue } from '../../../common/lead-value';
import { CONTROL_CLASS } from '../../components/field-shell';
import { changeLead, listStaff } from '../api/lead-api';
import type { LeadFields } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { SelectField } from '../components/select-field';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { useStudioFormat } from '../lib/studio-format';
import { useStudioLocale } from '../session/studio-locale';
import { useApiData } from '../hooks/use-api-data';
import { STAFF_URL } from '../routing/first-requests';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { leadCopy, stageChoices, stageNames } from '../lead-copy';
import { ValueField } from './value-field';

/** The amount as the field shows it: plain digits, empty for no value. */
function amountText(value: LeadValue | null): string {
  return value === null ? '' : String(value.amount);
}

/** The value to save: null for an empty amount, undefined for one the currency cannot hold. */
function readValue(amount: string, currency: string): LeadValue | null | undefined {
  const text = amount.trim().replace(/,/g, '');
  if (text === '') return null;
  return toMinorUnits(text, currency) === null ? undefined : { amount: Number(text), currency };
}

type LeadFieldsFormProps = {
  enquiryId: string;
  fields: LeadFields;
  onSaved: (fields: LeadFields) => void;
};

/**
 * Stage, owner, follow-up and value, saved together with one button (so choosing a stage does not
 * save under a keyboard user's feet); focus then goes to the line that says what was saved.
 * A change not yet saved is asked about before the person leaves the enquiry or the tab.
 */
export function LeadFieldsForm({ enquiryId, fields, onSaved }: LeadFieldsFormProps) {
  const id = useId();
  const staff = useApiData('staff', (signal) => listStaff(signal), STAFF_URL);
  // A new value starts in the studio's own currency, as its settings say.
  const studioCurrency = useStudioLocale().currency;
  const format = useStudioFormat();
  const [stage, setStage] = useState<LeadStage>(fields.stage);
  const [owner, setOwner] = useState(fields.owner ?? '');
  const [followUpOn, setFollowUpOn] = useState(fields.followUpOn ?? '');
  const [amount, setAmount] = useState(amountText(fields.value));
  const [currency, setCurrency] = useState(fields.value?.currency ?? studioCurrency);
  // The server moves a lead on too (a reply makes it `contacted`): the form follows it.
  const [shown, setShown] = useState(fields);
  if (
    shown.stage !== fields.stage ||
    shown.owner !== fields.owner ||
    shown.followUpOn !== fields.followUpOn ||
    shown.value?.amount !== fields.value?.amount ||
    shown.value?.currency !== fields.value?.currency
  ) {
    setShown(fields);
    setStage(fields.stage);
    setOwner(fields.owner ?? '');
    setFollowUpOn(fields.followUpOn ?? '');
    setAmount(amountText(fields.value));
    setCurrency(fields.value?.currency ?? studioCurrency);
  }
  const value = readValue(amount, currency);
  const hasUnsavedChange =
    stage !== fields.stage ||
    owner !== (fields.owner ?? '') ||
    followUpOn !== (fields.followUpOn ?? '') ||
    amount !== amountText(fields.value) ||
    (amount !== '' && currency !== fields.value?.currency);
  useLeaveWarning(hasUnsavedChange ? leadCopy.leaveWarning : null);
  const save = useAction();
  const [statusLine, focusStatusLine] = useFocusAfterRender<HTMLParagraphElement>();
  const members = staff.data.state === 'ready' ? staff.data.data.items : [];
  const owners = members.map(({ email }) => email);
  const nameOf = (email: string) => members.find((member) => member.email === email)?.name || email;
  // The current owner stays choosable even before the staff list arrives, or after they left.
  const choices =
    fields.owner && !owners.includes(fields.owner) ? [fields.owner, ...owners] : owners;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value === undefined) {
      document.getElementById(`${id}-value-amount`)?.focus();
      return;
    }
    await save.run(async () => {
      const saved = await changeLead(enquiryId, {
        stage,
        owner: owner === '' ? null : owner,
        followUpOn: followUpOn === '' ? null : followUpOn,
        value,
      });
      onSaved(saved);
      const ownerName = saved.owner === null ? null : nameOf(saved.owner);
      const followUp = saved.followUpOn === null ? null : format.day(saved.followUpOn);
      return leadCopy.saved(stageNames[saved.stage], ownerName, followUp);
    });
    focusStatusLine();
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-paper-raised p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {leadCopy.fieldsTitle}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
        <SelectField
          id={`${id}-stage`}
          label={leadCopy.stage}
          value={stage}
          onChange={(value) => {
            if (isLeadStage(value)) setStage(value);
          }}
          choices={stageChoices}
        />
        <SelectField
          id={`${id}-owner`}
          label={leadCopy.owner}
          value={owner}
          onChange={setOwner}
          noneLabel={leadCopy.nobody}
          choices={choices.map((email) => ({ value: email, label: nameOf(email) }))}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-follow-up`} className="text-sm font-semibold">
            {leadCopy.followUp}
          </label>
          <input
            id={`${id}-follow-up`}
            type="date"
            value={followUpOn}
            aria-describedby={`${id}-follow-up-hint`}
            onChange={(event) => setFollowUpOn(event.target.value)}
            className={CONTROL_CLASS}
          />
          <p id={`${id}-follow-up-hint`} className="text-sm text-ink-muted">
            {leadCopy.followUpHint}
          </p>
        </div>
        <ValueField
          id={`${id}-value`}
          amount={amount}
          currency={currency}
          error={value === undefined ? leadCopy.valueInvalid(currency) : null}
          onAmountChange={setAmount}
          onCurrencyChange={setCurrency}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isBusy} className={BUTTON.primary}>
          {save.isBusy ? leadCopy.saving : leadCopy.save}
        </button>
        <StatusLine ref={statusLine} status={save.outcome} />
      </div>
    </form>
  );
}
