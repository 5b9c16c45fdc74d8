import type { EnquiryDetail } from '../api/types';
import { StudioLink } from '../components/studio-link';
import { bookingsCopy, enquiryCopy } from '../copy';
import { stageNames } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { hrefFor } from '../routing/studio-route';

/**
 * The person's story beside the lead: every call they booked, moved or cancelled (newest
 * first), and the closed leads of the same address, each a link to its own page.
 */
export function LeadHistory({ calls, earlier }: Pick<EnquiryDetail, 'calls' | 'earlier'>) {
  const format = useStudioFormat();
  if (calls.length < 2 && earlier.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {calls.length < 2 ? null : (
        <section aria-labelledby="calls-title" className="flex flex-col gap-2">
          <h2 id="calls-title" className="text-lg font-semibold">
            {enquiryCopy.calls}
          </h2>
          <ul className="flex flex-col gap-1">
            {calls.map((call) => (
              <li key={call.id}>
                <time dateTime={call.start}>
                  {format.date(call.start)}, {format.time(call.start)}–{format.time(call.end)}
                </time>{' '}
                · {bookingsCopy.callStates[call.state]}
              </li>
            ))}
          </ul>
        </section>
      )}
      {earlier.length === 0 ? null : (
        <section aria-labelledby="earlier-title" className="flex flex-col gap-2">
          <h2 id="earlier-title" className="text-lg font-semibold">
            {enquiryCopy.earlier}
          </h2>
          <ul className="flex flex-col gap-1">
            {earlier.map((lead) => (
              <li key={lead.id}>
                <StudioLink
                  href={hrefFor({ page: 'lead', id: lead.id })}
                  className="text-ember underline underline-offset-4"
                >
                  {enquiryCopy.earlierLine(
                    stageNames[lead.stage],
                    lead.value === null
                      ? null
                      : format.money(lead.value.amount, lead.value.currency),
                    format.date(lead.receivedAt),
                  )}
                </StudioLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
