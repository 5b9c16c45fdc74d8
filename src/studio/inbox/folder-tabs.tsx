import type { EnquiryFilters, EnquiryStatus, StatusCounts } from '../api/types';
import { StudioLink } from '../components/studio-link';
import { inboxCopy, statusNames } from '../copy';
import { hrefFor } from '../routing/studio-route';

type FolderTabsProps = { filters: EnquiryFilters; counts: StatusCounts | null };

/** Beside the inbox: its unread part, and the two folders an enquiry can be filed in. */
const SHOWN_APART: readonly EnquiryStatus[] = ['new', 'archived', 'spam'];

/** The inbox (everything but archived and spam), its unread, archived and spam, with counts. */
export function FolderTabs({ filters, counts }: FolderTabsProps) {
  const { status: current, ...search } = filters;
  const folders: { status: EnquiryStatus | undefined; label: string; count: number | null }[] = [
    {
      status: undefined,
      label: inboxCopy.inbox,
      count: counts ? counts.new + counts.read : null,
    },
    ...SHOWN_APART.map((status) => ({
      status,
      label: statusNames[status],
      count: counts ? counts[status] : null,
    })),
  ];
  return (
    // On a phone the folders keep to one row that scrolls sideways, so the enquiries stay in view.
    <nav aria-label={inboxCopy.folders}>
      <ul className="-mx-5 flex gap-2 max-sm:overflow-x-auto px-5 max-sm:py-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {folders.map(({ status, label, count }) => (
          <li key={label} className="shrink-0">
            <StudioLink
              href={hrefFor({ page: 'inbox', filters: status ? { ...search, status } : search })}
              q={search.q ?? null}
              aria-current={status === current ? 'page' : undefined}
              title={status === undefined ? inboxCopy.inboxHint : undefined}
              className="group inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-semibold hover:border-ink/50 aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
            >
              {label}{' '}
              {count !== null ? (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${status === 'new' && count > 0 ? 'bg-ember text-on-ember' : 'bg-ink/10 group-aria-[current=page]:bg-paper/20'}`}
                >
                  {inboxCopy.count(count)}
                </span>
              ) : null}
            </StudioLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
