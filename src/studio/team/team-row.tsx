import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { STAFF_NAME_MAX_LENGTH, type StaffRole, type TeamMember } from '../../../common/staff';
import { CONTROL_CLASS } from '../../components/field-shell';
import { changeColleague, removeColleague } from '../api/team-api';
import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { SelectField } from '../components/select-field';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { describeTeamError, teamCopy } from './team-copy';

const ROLE_CHOICES = [
  { value: 'owner', label: teamCopy.roles.owner },
  { value: 'member', label: teamCopy.roles.member },
];

type TeamRowProps = {
  colleague: TeamMember;
  isMe: boolean;
  /** Owners see the actions; members only who is on the team. */
  canManage: boolean;
  onChanged: (colleague: TeamMember) => void;
  /** The row goes with the person, so the page says they were removed. */
  onRemoved: (colleague: TeamMember) => void;
};

/** One person on the team: name, address and role, and an owner's changes to them. */
export function TeamRow({ colleague, isMe, canManage, onChanged, onRemoved }: TeamRowProps) {
  const id = useId();
  const change = useAction(describeTeamError);
  const [draftName, setDraftName] = useState<string | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const isRenaming = draftName !== null;
  // Opening the rename puts the cursor in the name, where the person means to type.
  useEffect(() => {
    if (isRenaming) nameField.current?.focus();
  }, [isRenaming]);

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = (draftName ?? '').trim();
    void change.run(async () => {
      onChanged(await changeColleague(colleague.email, { name }));
      setDraftName(null);
      return teamCopy.renamed(name);
    });
  }

  function changeRole(role: StaffRole) {
    void change.run(async () => {
      onChanged(await changeColleague(colleague.email, { role }));
      return teamCopy.roleChanged(colleague.name, role);
    });
  }

  function remove() {
    void change.run(async () => {
      await removeColleague(colleague.email);
      onRemoved(colleague);
      return teamCopy.removed(colleague.name);
    });
  }

  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-semibold break-words">
          {colleague.name} {isMe ? <span className="text-ink-muted">{teamCopy.you}</span> : null}
        </p>
        <p className="text-sm break-words text-ink-muted">
          {colleague.email} · {teamCopy.roles[colleague.role]}
        </p>
      </div>
      {canManage ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          {draftName === null ? (
            <button
              type="button"
              className={BUTTON.secondary}
              aria-label={teamCopy.renameLabel(colleague.name)}
              onClick={() => setDraftName(colleague.name)}
            >
              {teamCopy.rename}
            </button>
          ) : (
            <form onSubmit={rename} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <label htmlFor={`${id}-name`} className="sr-only">
                {teamCopy.renameLabel(colleague.name)}
              </label>
              <input
                ref={nameField}
                id={`${id}-name`}
                required
                maxLength={STAFF_NAME_MAX_LENGTH}
                value={draftName}
                onChange={(event) => setDraftName(event.target.value)}
                className={CONTROL_CLASS}
              />
              <button type="submit" disabled={change.isBusy} className={BUTTON.primary}>
                {teamCopy.save}
              </button>
            </form>
          )}
          <SelectField
            id={`${id}-role`}
            label={teamCopy.roleLabel(colleague.name)}
            value={colleague.role}
            onChange={(value) => changeRole(value === 'owner' ? 'owner' : 'member')}
            choices={ROLE_CHOICES}
          />
          <ConfirmRemoval
            label={teamCopy.remove}
            accessibleLabel={teamCopy.removeLabel(colleague.name)}
            question={teamCopy.confirmRemove(colleague.name)}
            confirmLabel={teamCopy.confirmYes}
            cancelLabel={teamCopy.confirmNo}
            isBusy={change.isBusy}
            onConfirm={remove}
          />
        </div>
      ) : null}
      <StatusLine status={change.outcome} />
    </li>
  );
}
