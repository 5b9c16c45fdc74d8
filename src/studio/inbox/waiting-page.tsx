import { listWaiting } from '../api/lead-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { StatusLine } from '../components/status-line';
import { inboxCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { waitingCopy } from '../lead-copy';
import { EnquiryList } from './enquiry-list';
import { LeadViews } from './lead-views';

/** The open leads whose client spoke last, the longest waiting first. */
export function WaitingPage() {
  const { data } = useApiData('waiting', (signal) => listWaiting(signal));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={inboxCopy.title} documentTitle={waitingCopy.title} />
      <LeadViews current="waiting" />
      <p className="text-ink-muted">{waitingCopy.intro}</p>
      <ApiDataState data={data} loading={waitingCopy.loading} />
      {data.state === 'ready' ? (
        <>
          <StatusLine
            status={{
              tone: 'info',
              message:
                data.data.items.length === 0
                  ? waitingCopy.empty
                  : waitingCopy.count(data.data.items.length),
            }}
          />
          <EnquiryList items={data.data.items} focusIndex={null} time="waiting" />
        </>
      ) : null}
    </div>
  );
}
