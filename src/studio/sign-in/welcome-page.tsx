import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { setFirstPassword } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { PageHeading } from '../components/page-heading';
import { welcomeCopy } from '../copy';
import { describeError } from '../lib/describe-error';
import { STUDIO_PATH } from '../routing/studio-route';

/** The server's rule, said before anyone types (docs/studio-api.md: 422 password_too_short). */
export const PASSWORD_MIN_LENGTH = 12;

type WelcomePageProps = { token: string | null; onSignedIn: () => void };

/** A new staff member's first visit: they choose a password and land in the inbox. */
export function WelcomePage({ token, onSignedIn }: WelcomePageProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [isPending, setIsPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const controlId = `${id}-password`;
  // After a refusal the field gets focus back, so its error (in its description) is read out.
  useEffect(() => {
    if (problem !== null) input.current?.focus();
  }, [problem]);
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (token === null) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      setProblem(welcomeCopy.tooShort(PASSWORD_MIN_LENGTH));
      return;
    }
    setIsPending(true);
    setProblem(null);
    try {
      await setFirstPassword(token, password);
      onSignedIn();
    } catch (error) {
      setProblem(describeError(error));
      setIsPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={welcomeCopy.title} />
      <p className="mt-3 text-ink-muted">{welcomeCopy.intro}</p>
      {token === null ? (
        <>
          <p
            role="alert"
            className="mt-6 rounded-xl bg-danger/10 px-4 py-3 text-sm font-medium text-danger"
          >
            {welcomeCopy.missingToken}
          </p>
          <a href={STUDIO_PATH} className={`${BUTTON.secondary} mt-6`}>
            {welcomeCopy.toSignIn}
          </a>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-6 flex flex-col gap-5"
        >
          <FieldShell
            controlId={controlId}
            label={welcomeCopy.password}
            error={problem ?? undefined}
          >
            <p id={hintId} className="-mt-1 text-sm text-ink-muted">
              {welcomeCopy.hint(PASSWORD_MIN_LENGTH)}
            </p>
            <input
              ref={input}
              id={controlId}
              type="password"
              name="new-password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${hintId} ${errorIdFor(controlId)}` : hintId}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={CONTROL_CLASS}
            />
          </FieldShell>
          <button type="submit" disabled={isPending} className={BUTTON.primary}>
            {isPending ? welcomeCopy.submitting : welcomeCopy.submit}
          </button>
        </form>
      )}
    </div>
  );
}
