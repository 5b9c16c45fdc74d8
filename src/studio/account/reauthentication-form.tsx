import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { StudioApiError } from '../api/request';
import { reauthenticate } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { CurrentPasswordField } from '../components/current-password-field';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { accountCopy, errorCopy } from '../copy';
import { describeError } from '../lib/describe-error';

type ReauthenticationFormProps = {
  /** The server accepted the password: the session may add a passkey for a few minutes. */
  onProven: () => void;
  onCancel: () => void;
  /** Why the password is asked for, and what confirming does; a passkey's by default. */
  intro?: string;
  submitLabel?: string;
};

/**
 * Asks for the password again before a passkey is added or a list exported, when the session's last proof is
 * too old (the server answered `reauthentication_required`). The field takes focus, so the
 * person is taken straight to what is asked of them.
 */
export function ReauthenticationForm({
  onProven,
  onCancel,
  intro = accountCopy.reauthenticateIntro,
  submitLabel = accountCopy.reauthenticateSubmit,
}: ReauthenticationFormProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [isChecking, setIsChecking] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);

  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') return;
    setIsChecking(true);
    setStatus(null);
    try {
      await reauthenticate(password);
      onProven();
    } catch (error) {
      const isWrong = error instanceof StudioApiError && error.code === 'invalid_credentials';
      setStatus({
        tone: 'failed',
        message: isWrong ? errorCopy.wrong_password : describeError(error),
      });
      setIsChecking(false);
      field.current?.focus();
    }
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {accountCopy.reauthenticateTitle}
      </h3>
      <p className="text-sm text-ink-muted">{intro}</p>
      <CurrentPasswordField
        ref={field}
        id={`${id}-password`}
        label={accountCopy.reauthenticatePassword}
        value={password}
        onChange={setPassword}
      />
      <StatusLine status={status} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isChecking} className={BUTTON.primary}>
          {isChecking ? accountCopy.reauthenticateWaiting : submitLabel}
        </button>
        <button type="button" onClick={onCancel} className={BUTTON.secondary}>
          {accountCopy.reauthenticateCancel}
        </button>
      </div>
    </form>
  );
}
