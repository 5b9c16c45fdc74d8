import { useId, useState, type FormEvent } from 'react';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import { StudioApiError } from '../api/request';
import { changeOwnPassword } from '../api/team-api';
import { BUTTON } from '../components/button-classes';
import { CurrentPasswordField } from '../components/current-password-field';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { describeError } from '../lib/describe-error';
import { profileCopy } from './profile-copy';

const describePasswordError = (error: unknown) =>
  error instanceof StudioApiError && error.code === 'invalid_credentials'
    ? profileCopy.wrongPassword
    : describeError(error);

/** A new password, given the current one; the person's other sessions end. */
export function PasswordPanel() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const changing = useAction(describePasswordError);

  function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void changing.run(async () => {
      await changeOwnPassword(current, next);
      setCurrent('');
      setNext('');
      return profileCopy.passwordChanged;
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {profileCopy.passwordTitle}
      </h2>
      <form onSubmit={change} className="flex max-w-xl flex-col gap-4">
        <CurrentPasswordField
          id={`${id}-current`}
          label={profileCopy.currentPassword}
          value={current}
          onChange={setCurrent}
        />
        <FieldShell controlId={`${id}-new`} label={profileCopy.newPassword}>
          <input
            id={`${id}-new`}
            type="password"
            autoComplete="new-password"
            required
            aria-describedby={`${id}-new-hint`}
            value={next}
            onChange={(event) => setNext(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <p id={`${id}-new-hint`} className="-mt-2 text-sm text-ink-muted">
          {profileCopy.newPasswordHint}
        </p>
        <button type="submit" disabled={changing.isBusy} className={`${BUTTON.primary} self-start`}>
          {profileCopy.changePassword}
        </button>
        <StatusLine status={changing.outcome} />
      </form>
    </section>
  );
}
