import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CurrentPasswordField } from '../components/current-password-field';
import { signIn } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { siteCopy } from '../copy';
import { describeError } from '../lib/describe-error';

type SignInAgainDialogProps = {
  email: string;
  /** Called once the server has opened a new session; the caller saves what was waiting. */
  onSignedIn: () => void;
};

const { signInAgain } = siteCopy;

/**
 * The session ended while editing: the password is asked for in place, over the form, which
 * stays exactly as it is underneath. A modal <dialog>, so focus stays in it until signed in.
 */
export function SignInAgainDialog({ email, onSignedIn }: SignInAgainDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<StatusMessage>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null || element.open) return;
    element.showModal();
    return () => element.close();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setOutcome(null);
    try {
      await signIn(email, password);
      onSignedIn();
    } catch (error) {
      setOutcome({ tone: 'failed', message: describeError(error) });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="sign-in-again-title"
      // Escape would leave the edits unsaved with no way back to this form: it stays open.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(32rem,calc(100vw-2.5rem))] rounded-2xl border border-line bg-paper p-6 text-ink backdrop:bg-ink/40"
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <h2 id="sign-in-again-title" className="font-display text-2xl font-semibold">
          {signInAgain.title}
        </h2>
        <p>{signInAgain.intro(email)}</p>
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <CurrentPasswordField
          id="sign-in-again-password"
          label={signInAgain.password}
          value={password}
          onChange={setPassword}
        />
        <StatusLine status={outcome} />
        <button type="submit" disabled={isBusy} className={`${BUTTON.primary} self-start`}>
          {isBusy ? signInAgain.signingIn : signInAgain.submit}
        </button>
      </form>
    </dialog>
  );
}
