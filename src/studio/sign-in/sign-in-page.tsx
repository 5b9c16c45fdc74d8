import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import { signIn } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { CurrentPasswordField } from '../components/current-password-field';
import { PageHeading } from '../components/page-heading';
import { signInCopy } from '../copy';
import { describeError } from '../lib/describe-error';
import { describePasskeyError, signInWithAPasskey } from '../lib/passkey-ceremonies';

type SignInPageProps = {
  /** Why the person is here, when it is not their first visit (signed out, session ended). */
  notice: string | null;
  onSignedIn: () => void;
};

type Pending = 'password' | 'passkey' | null;

/** Email and password, or a passkey alone. Failures are said in words, never as codes. */
export function SignInPage({ notice, onSignedIn }: SignInPageProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function attempt(
    kind: Exclude<Pending, null>,
    request: () => Promise<unknown>,
    describe: (error: unknown) => string,
  ) {
    setPending(kind);
    setProblem(null);
    try {
      await request();
      onSignedIn();
    } catch (error) {
      setProblem(describe(error));
      setPending(null);
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      setProblem(signInCopy.missingFields);
      return;
    }
    void attempt('password', () => signIn(email.trim(), password), describeError);
  }

  const message = problem ?? notice;
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={signInCopy.title} documentTitle={signInCopy.submit} />
      <p className="mt-3 text-ink-muted">{signInCopy.intro}</p>
      <p
        role="alert"
        id={`${id}-message`}
        className={`mt-6 rounded-xl px-4 py-3 text-sm font-medium empty:hidden ${problem ? 'bg-danger/10 text-danger' : 'bg-paper-sunk text-ink'}`}
      >
        {message}
      </p>
      <form
        noValidate
        onSubmit={submitPassword}
        className="mt-6 flex flex-col gap-5"
        aria-describedby={message ? `${id}-message` : undefined}
      >
        <FieldShell controlId={`${id}-email`} label={signInCopy.email}>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="username webauthn"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <CurrentPasswordField
          id={`${id}-password`}
          label={signInCopy.password}
          value={password}
          onChange={setPassword}
        />
        <button type="submit" disabled={pending !== null} className={BUTTON.primary}>
          {pending === 'password' ? signInCopy.submitting : signInCopy.submit}
        </button>
      </form>
      <p className="my-5 flex items-center gap-3 text-sm text-ink-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {signInCopy.or}
      </p>
      <button
        type="button"
        disabled={pending !== null}
        onClick={() => void attempt('passkey', signInWithAPasskey, describePasskeyError)}
        className={`${BUTTON.secondary} w-full`}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {pending === 'passkey' ? signInCopy.passkeyWaiting : signInCopy.passkey}
      </button>
      <p className="mt-8 text-sm text-ink-muted">{signInCopy.noAccount}</p>
    </div>
  );
}
