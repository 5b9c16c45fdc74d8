import type { PersonLead } from '../../../common/people';
import { StudioLink } from '../components/studio-link';
import { stageNames } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { personCopy } from '../person-copy';
import { hrefFor } from '../routing/studio-route';

/** Every lead of the person, as the server orders them: its stage and value link to its page. */
export function PersonLeads({ leads }: { leads: readonly PersonLead[] }) {
  const format = useStudioFormat();
  return (
    <section aria-labelledby="person-leads-title" className="flex flex-col gap-2">
      <h2 id="person-leads-title" className="text-lg font-semibold">
        {personCopy.leads}
      </h2>
      {leads.length === 0 ? (
        <p className="text-ink-muted">{personCopy.noLeads}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {leads.map((lead) => (
            <li key={lead.id} className="rounded-2xl border border-line bg-paper-raised p-4">
              <StudioLink
                href={hrefFor({ page: 'lead', id: lead.id })}
                className="font-semibold text-ember underline underline-offset-4"
              >
                {[
                  stageNames[lead.stage],
                  lead.value === null ? null : format.money(lead.value.amount, lead.value.currency),
                ]
                  .filter((part) => part !== null)
                  .join(' · ')}
              </StudioLink>
              <p className="mt-1 text-sm text-ink-muted">
                {personCopy.opened}{' '}
                <time dateTime={lead.openedAt}>{format.date(lead.openedAt)}</time>
                {' · '}
                {lead.closedAt === null ? (
                  personCopy.stillOpen
                ) : (
                  <>
                    {personCopy.closed}{' '}
                    <time dateTime={lead.closedAt}>{format.date(lead.closedAt)}</time>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
