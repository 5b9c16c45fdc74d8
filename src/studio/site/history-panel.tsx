import { listSiteRevisions } from '../api/site-api';
import type { SiteRevisionEntry } from '../api/types';
import { siteCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { formatTime } from '../lib/format-time';
import { RestoreButton } from './restore-button';

type HistoryPanelProps = {
  /** Changes at every publish, so the list shows the new one. */
  version: number;
  isDirty: boolean;
  isBusy: boolean;
  onRestore: (entry: SiteRevisionEntry) => void;
};

const { history } = siteCopy;

/** Where the section menu jumps to. */
export const HISTORY_SECTION_ID = 'site-history';

/** Every publish, newest first: when, who, what changed, and a way back to it. */
export function HistoryPanel({ version, isDirty, isBusy, onRestore }: HistoryPanelProps) {
  const { data } = useApiData(`site-revisions:${version}`, listSiteRevisions);
  return (
    <section
      id={HISTORY_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="site-history-title"
      className="flex scroll-mt-36 flex-col gap-4"
    >
      <h2 id="site-history-title" className="font-display text-2xl font-semibold">
        {history.title}
      </h2>
      <p className="text-ink-muted">{history.intro}</p>
      {data.state !== 'ready' ? (
        <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
          {data.state === 'failed' ? data.message : history.loading}
        </p>
      ) : data.data.items.length === 0 ? (
        <p className="text-ink-muted">{history.empty}</p>
      ) : (
        <ol className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
          {data.data.items.map((entry) => {
            const when = formatTime(entry.publishedAt);
            return (
              <li
                key={entry.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    <time dateTime={entry.publishedAt}>{when}</time>
                  </p>
                  <p className="text-sm break-words text-ink-muted">
                    {entry.publishedBy ? `${history.who} ${entry.publishedBy}` : history.build}
                  </p>
                  <p className="text-sm break-words">{entry.summary}</p>
                </div>
                <RestoreButton
                  when={when}
                  isDirty={isDirty}
                  isBusy={isBusy}
                  onRestore={() => onRestore(entry)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
