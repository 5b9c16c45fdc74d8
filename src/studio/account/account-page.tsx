import { LogOut } from 'lucide-react';
import { BUTTON } from '../components/button-classes';
import { PageHeading } from '../components/page-heading';
import { StatusLine } from '../components/status-line';
import { accountCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useSession } from '../session/session-context';
import { PasskeysPanel } from './passkeys-panel';
import { PasswordPanel } from './password-panel';
import { ProfilePanel } from './profile-panel';
import { NoticesPanel } from './notices-panel';
import { SessionsPanel } from './sessions-panel';

/**
 * Who is signed in, their name, signature and password, where, with which passkeys; and the way
 * out.
 */
export function AccountPage() {
  const { me, signOut } = useSession();
  const signingOut = useAction();
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageHeading title={accountCopy.title} />
          <p className="mt-2 break-words text-ink-muted">
            {accountCopy.signedInAs(me.staff.email)}
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <button
            type="button"
            disabled={signingOut.isBusy}
            onClick={() => void signingOut.run(async () => (await signOut(), ''))}
            className={`${BUTTON.primary} self-start sm:self-end`}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {accountCopy.signOut}
          </button>
          <StatusLine status={signingOut.outcome} />
        </div>
      </div>
      <ProfilePanel />
      <NoticesPanel />
      <PasswordPanel />
      <SessionsPanel />
      <PasskeysPanel />
    </div>
  );
}
