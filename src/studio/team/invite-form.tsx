import { useId, useState, type FormEvent } from 'react';
import { STAFF_NAME_MAX_LENGTH, type StaffRole, type TeamMember } from '../../../common/staff';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import { inviteColleague } from '../api/team-api';
import { BUTTON } from '../components/button-classes';
import { SelectField } from '../components/select-field';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { describeTeamError, teamCopy } from './team-copy';

const ROLE_CHOICES = [
  { value: 'member', label: teamCopy.roles.member },
  { value: 'owner', label: teamCopy.roles.owner },
];

/** An owner adds a colleague; the one-time link is shown to copy as well as emailed. */
export function InviteForm({ onInvited }: { onInvited: (colleague: TeamMember) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('member');
  const [link, setLink] = useState<string | null>(null);
  const invitation = useAction(describeTeamError);
  const copying = useAction();

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLink(null);
    void invitation.run(async () => {
      const invitee = { name: name.trim(), email: email.trim(), role };
      const invited = await inviteColleague(invitee);
      onInvited({ ...invitee, email: invited.email });
      setLink(invited.link);
      setName('');
      setEmail('');
      return teamCopy.invited(invitee.name);
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {teamCopy.inviteTitle}
      </h2>
      <form onSubmit={invite} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <FieldShell controlId={`${id}-name`} label={teamCopy.name}>
          <input
            id={`${id}-name`}
            required
            maxLength={STAFF_NAME_MAX_LENGTH}
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <FieldShell controlId={`${id}-email`} label={teamCopy.email}>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <SelectField
          id={`${id}-role`}
          label={teamCopy.role}
          value={role}
          onChange={(value) => setRole(value === 'owner' ? 'owner' : 'member')}
          choices={ROLE_CHOICES}
        />
        <button type="submit" disabled={invitation.isBusy} className={BUTTON.primary}>
          {teamCopy.invite}
        </button>
      </form>
      <StatusLine status={invitation.outcome} />
      {link === null ? null : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            readOnly
            aria-label={teamCopy.copyLink}
            value={link}
            onFocus={(event) => event.target.select()}
            className={`${CONTROL_CLASS} min-w-0 flex-1`}
          />
          <button
            type="button"
            className={BUTTON.secondary}
            onClick={() =>
              void copying.run(async () => {
                await navigator.clipboard.writeText(link);
                return teamCopy.copied;
              })
            }
          >
            {teamCopy.copyLink}
          </button>
          <StatusLine status={copying.outcome} />
        </div>
      )}
    </section>
  );
}
