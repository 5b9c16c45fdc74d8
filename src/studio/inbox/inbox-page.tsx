import { useEffect, useState } from 'react';
import { enquiryExportHref, filterParams } from '../api/studio-api';
import type { EnquiryFilters } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { ExportLinks } from '../components/export-links';
import { MailboxNotice } from '../components/mailbox-line';
import { PageHeading } from '../components/page-heading';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { inboxCopy } from '../copy';
import { rememberInboxPlace } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';
import { EnquiryList } from './enquiry-list';
import { FolderTabs } from './folder-tabs';
import { InboxFilters } from './inbox-filters';
import { LeadViews, type View } from './lead-views';
import { PeopleMatches } from './people-matches';
import { UnreadableMailNotice } from './unreadable-mail-notice';
import { useEnquiryList } from './use-enquiry-list';

/** Which of the views the filters are: the follow-ups due, one's own leads, or the list. */
function viewOf(filters: EnquiryFilters): View {
  if (filters.view === 'due') return 'due';
  return filters.owner === 'me' ? 'mine' : 'inbox';
}

/** The enquiries, newest first, in folders by status, searchable, exportable, paged. */
export function InboxPage({ filters }: { filters: EnquiryFilters }) {
  const key = filterParams(filters).toString();
  const { list, loadMore, isLoadingMore, loadMoreOutcome } = useEnquiryList(filters);
  const [focus, setFocus] = useState<{ key: string; index: number } | null>(null);
  const isFiltered =
    filters.q !== undefined ||
    filters.service !== undefined ||
    filters.stage !== undefined ||
    filters.owner !== undefined ||
    filters.view !== undefined;
  const inboxHref = hrefFor({ page: 'inbox', filters });
  const words = filters.q ?? null;
  useEffect(() => rememberInboxPlace({ href: inboxHref, q: words }), [inboxHref, words]);

  async function showMore() {
    const index = await loadMore();
    if (index !== null) setFocus({ key, index });
  }

  const summary: StatusMessage =
    list.state === 'ready'
      ? {
          tone: 'info',
          message:
            list.items.length === 0
              ? isFiltered
                ? inboxCopy.emptyFiltered
                : inboxCopy.empty
              : inboxCopy.shown(list.items.length, list.hasMore),
        }
      : list.state === 'failed'
        ? { tone: 'failed', message: list.message }
        : { tone: 'info', message: inboxCopy.loading };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={inboxCopy.title} />
      <LeadViews current={viewOf(filters)} />
      <UnreadableMailNotice />
      <MailboxNotice />
      <FolderTabs filters={filters} counts={list.state === 'ready' ? list.counts : null} />
      <InboxFilters key={key} filters={filters} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <StatusLine status={loadMoreOutcome?.tone === 'failed' ? loadMoreOutcome : summary} />
        <ExportLinks
          label={inboxCopy.exportLabel}
          hrefFor={(format) => enquiryExportHref(filters, format)}
        />
      </div>
      {filters.q === undefined ? null : <PeopleMatches q={filters.q} />}
      {list.state === 'ready' ? (
        <>
          <EnquiryList items={list.items} focusIndex={focus?.key === key ? focus.index : null} />
          {list.hasMore ? (
            <button
              type="button"
              disabled={isLoadingMore}
              onClick={() => void showMore()}
              className={`${BUTTON.secondary} self-center`}
            >
              {isLoadingMore ? inboxCopy.loadingMore : inboxCopy.loadMore}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
