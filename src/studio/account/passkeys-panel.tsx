import { KeyRound } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTROL_CLASS } from '../../components/field-shell';
import { StudioApiError } from '../api/request';
import { listPasskeys, removePasskey } from '../api/studio-api';
import type { Passkey } from '../api/types';
import { ApiDataState } from '../components/api-data-state';
import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { accountCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { useStudioFormat } from '../lib/studio-format';
import { addAPasskey, describePasskeyError } from '../lib/passkey-ceremonies';
import { ReauthenticationForm } from './reauthentication-form';

/** The person's passkeys: add one with this device, see when each was used, remove one. */
export function PasskeysPanel() {
  const format = useStudioFormat();
  const id = useId();
  const { data, update } = useApiData('passkeys', (signal) => listPasskeys(signal));
  const removal = useAction();
  const [name, setName] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const [isAskingPassword, setIsAskingPassword] = useState(false);
  const [addStatus, setAddStatus] = useState<StatusMessage>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);

  async function addNow() {
    setIsAdding(true);
    setAddStatus(null);
    try {
      const passkey = await addAPasskey(name.trim());
      update(({ items }) => ({ items: [...items, passkey] }));
      setName('');
      setAddStatus({ tone: 'done', message: accountCopy.passkeyAddedDone(passkey.name) });
    } catch (error) {
      // The session's last proof is too old: ask for the password, then carry on.
      if (error instanceof StudioApiError && error.code === 'reauthentication_required') {
        setIsAskingPassword(true);
      } else {
        setAddStatus({ tone: 'failed', message: describePasskeyError(error) });
      }
    } finally {
      setIsAdding(false);
    }
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void addNow();
  }

  function continueAfterPassword() {
    setIsAskingPassword(false);
    void addNow();
  }

  function cancelPassword() {
    setIsAskingPassword(false);
    setAddStatus({ tone: 'info', message: accountCopy.reauthenticateCancelled });
  }

  async function remove(passkey: Passkey) {
    const isRemoved = await removal.run(async () => {
      await removePasskey(passkey.id);
      update(({ items }) => ({ items: items.filter((item) => item.id !== passkey.id) }));
      return accountCopy.passkeyRemoved(passkey.name);
    });
    if (isRemoved) statusLine.current?.focus();
  }

  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-4">
      <h2 id="passkeys-title" className="text-xl font-semibold">
        {accountCopy.passkeysTitle}
      </h2>
      <p className="text-ink-muted">{accountCopy.passkeysIntro}</p>
      <ApiDataState data={data} loading={accountCopy.passkeysLoading} />
      <StatusLine ref={statusLine} status={removal.outcome} />
      {data.state === 'ready' && data.data.items.length === 0 ? (
        <p>{accountCopy.noPasskeys}</p>
      ) : null}
      {data.state === 'ready' && data.data.items.length > 0 ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
          {data.data.items.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold break-words">
                  <KeyRound aria-hidden="true" className="size-4 shrink-0 text-ember" />
                  {passkey.name}
                </p>
                <p className="text-sm text-ink-muted">
                  {accountCopy.passkeyAdded} {format.dateTime(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt
                    ? `${accountCopy.passkeyUsed} ${format.dateTime(passkey.lastUsedAt)}`
                    : accountCopy.passkeyNeverUsed}
                </p>
              </div>
              <ConfirmRemoval
                label={accountCopy.removePasskey}
                accessibleLabel={accountCopy.removePasskeyLabel(passkey.name)}
                question={accountCopy.confirmRemovePasskey(passkey.name)}
                confirmLabel={accountCopy.confirmYes}
                cancelLabel={accountCopy.confirmNo}
                isBusy={removal.isBusy}
                onConfirm={() => void remove(passkey)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            {accountCopy.passkeyName}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            name="passkey-name"
            maxLength={60}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={CONTROL_CLASS}
          />
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            {accountCopy.passkeyNameHint}
          </p>
        </div>
        <button
          type="submit"
          disabled={isAdding || isAskingPassword}
          className={`${BUTTON.primary} sm:mb-7`}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {isAdding ? accountCopy.addingPasskey : accountCopy.addPasskey}
        </button>
      </form>
      {isAskingPassword ? (
        <ReauthenticationForm onProven={continueAfterPassword} onCancel={cancelPassword} />
      ) : null}
      <StatusLine status={addStatus} />
    </section>
  );
}
