import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { listSiteRevisions, sitePreviewOf } from '../api/site-api';
import type { SiteRevisionEntry } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import type { StudioFormat } from '../../../common/studio-format';
import { useStaffNames } from '../hooks/use-staff-names';
import { useStudioFormat } from '../lib/studio-format';
import { RestoreButton } from './restore-button';

type HistoryPanelProps = {
  /** Changes at every publish and restore, so the list shows the new entry. */
  version: number;
  isDirty: boolean;
  /** The saved draft's revision: when it is not the live one, a restore asks first. */
  draftRevision: string;
  isBusy: boolean;
  onRestore: (entry: SiteRevisionEntry) => void;
  /** The scheduled publishes, listed above the publishes. */
  schedules: ReactNode;
};

const { history } = siteCopy;

/** Where the section menu jumps to. */
export const HISTORY_SECTION_ID = 'site-history';

/** Who published it, in words; the first version was set up with the site, by no one. */
function describeEntry(
  entry: SiteRevisionEntry,
  format: StudioFormat,
  nameOf: (email: string) => string,
): { who: string; what: string } {
  if (entry.kind === 'replaced_draft') {
    return {
      who: history.replacedBy(nameOf(entry.publishedBy ?? '')),
      what: history.replacedDraft,
    };
  }
  if (entry.publishedBy === null) return { who: history.firstBy, what: history.firstSummary };
  const { restoredFrom } = entry;
  const what =
    restoredFrom === null
      ? entry.summary
      : restoredFrom.publishedAt === null
        ? history.restoredFromPruned
        : history.restoredFrom(format.dateTime(restoredFrom.publishedAt));
  return { who: `${history.who} ${nameOf(entry.publishedBy)}`, what };
}

/**
 * Every publish, newest first: when, who, what changed (or which publish it restored), which one
 * visitors see now, a preview of each, and a way back to it.
 */
export function HistoryPanel({
  version,
  isDirty,
  draftRevision,
  isBusy,
  onRestore,
  schedules,
}: HistoryPanelProps) {
  const format = useStudioFormat();
  const nameOf = useStaffNames();
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
      {schedules}
      {data.state !== 'ready' ? (
        <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
          {data.state === 'failed' ? data.message : history.loading}
        </p>
      ) : data.data.items.length === 0 ? (
        <p className="text-ink-muted">{history.empty}</p>
      ) : (
        <ol className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
          {data.data.items.map((entry) => {
            const when = format.dateTime(entry.publishedAt);
            const { who, what } = describeEntry(entry, format, nameOf);
            return (
              <li
                key={entry.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    <time dateTime={entry.publishedAt}>{when}</time>
                    {entry.isLive ? (
                      <span className="rounded-full border border-success/60 px-2 py-0.5 text-xs font-semibold text-success">
                        {history.live}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm break-words text-ink-muted">{who}</p>
                  <p className="text-sm break-words">{what}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={sitePreviewOf(entry.id)}
                    target="_blank"
                    rel="noopener"
                    aria-label={history.previewLabel(when)}
                    className={BUTTON.secondary}
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    {history.preview}
                  </a>
                  <RestoreButton
                    when={when}
                    isDirty={isDirty}
                    hasUnpublishedDraft={
                      draftRevision !== data.data.items.find(({ isLive }) => isLive)?.revision
                    }
                    isBusy={isBusy}
                    onRestore={() => onRestore(entry)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
