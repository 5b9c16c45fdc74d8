import { useState } from 'react';
import type { TeamMember } from '../../../common/staff';
import { listTeam } from '../api/team-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { useApiData } from '../hooks/use-api-data';
import { useSession } from '../session/session-context';
import { InviteForm } from './invite-form';
import { teamCopy } from './team-copy';
import { TeamRow } from './team-row';

/** Who works in the studio. Owners invite, rename, change roles and remove; members read. */
export function TeamPage() {
  const { me } = useSession();
  const { data, update } = useApiData('team', (signal) => listTeam(signal));
  const [removal, setRemoval] = useState<StatusMessage>(null);
  const isOwner = me.staff.role === 'owner';
  const replace = (changed: TeamMember) =>
    update(({ items }) => ({
      items: items.map((item) => (item.email === changed.email ? changed : item)),
    }));

  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageHeading title={teamCopy.title} />
        <p className="mt-2 text-ink-muted">{isOwner ? teamCopy.intro : teamCopy.memberIntro}</p>
      </div>
      {isOwner ? (
        <InviteForm
          onInvited={(invited) => update(({ items }) => ({ items: [...items, invited] }))}
        />
      ) : null}
      <ApiDataState data={data} loading={teamCopy.loading} />
      <StatusLine status={removal} takesFocus />
      {data.state === 'ready' ? (
        <ul
          aria-label={teamCopy.title}
          className="divide-y divide-line rounded-2xl border border-line bg-paper-raised"
        >
          {data.data.items.map((colleague) => (
            <TeamRow
              key={colleague.email}
              colleague={colleague}
              isMe={colleague.email.toLowerCase() === me.staff.email.toLowerCase()}
              canManage={isOwner}
              onChanged={replace}
              onRemoved={(removed) => {
                setRemoval({ tone: 'done', message: teamCopy.removed(removed.name) });
                update(({ items }) => ({
                  items: items.filter((item) => item.email !== removed.email),
                }));
              }}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
