import { useRef } from 'react';
import { endSession, listSessions } from '../api/studio-api';
import type { StaffSession } from '../api/types';
import { ApiDataState } from '../components/api-data-state';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { accountCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { describeDevice } from '../lib/describe-device';
import { useStudioFormat } from '../lib/studio-format';

/** Where this person is signed in; any session but this one can be signed out from here. */
export function SessionsPanel() {
  const format = useStudioFormat();
  const { data, update } = useApiData('sessions', (signal) => listSessions(signal));
  const ending = useAction();
  const statusLine = useRef<HTMLParagraphElement>(null);

  async function end(session: StaffSession) {
    const isEnded = await ending.run(async () => {
      await endSession(session.id);
      update(({ items }) => ({ items: items.filter((item) => item.id !== session.id) }));
      return accountCopy.sessionEnded;
    });
    if (isEnded) statusLine.current?.focus();
  }

  return (
    <section aria-labelledby="sessions-title" className="flex flex-col gap-4">
      <h2 id="sessions-title" className="text-xl font-semibold">
        {accountCopy.sessionsTitle}
      </h2>
      <ApiDataState data={data} loading={accountCopy.sessionsLoading} />
      <StatusLine ref={statusLine} status={ending.outcome} />
      {data.state === 'ready' ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
          {data.data.items.map((session) => {
            const device = describeDevice(session.userAgent);
            const lastSeen = format.dateTime(session.lastSeenAt);
            return (
              <li
                key={session.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {device}
                    {session.isCurrent ? (
                      <span className="ml-2 rounded-full bg-ink px-2 py-0.5 text-xs font-bold text-paper">
                        {accountCopy.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {accountCopy.started} {format.dateTime(session.createdAt)} ·{' '}
                    {accountCopy.lastSeen} {lastSeen}
                  </p>
                </div>
                {session.isCurrent ? null : (
                  <button
                    type="button"
                    disabled={ending.isBusy}
                    aria-label={accountCopy.endSessionLabel(device, lastSeen)}
                    onClick={() => void end(session)}
                    className={BUTTON.secondary}
                  >
                    {accountCopy.endSession}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
