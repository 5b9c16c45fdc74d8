import { BackToInbox } from '../components/back-to-inbox';
import type { ReactNode } from 'react';
import type { PersonDetail } from '../../../common/people';
import { getPerson } from '../api/people-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { subscribersCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { personCopy } from '../person-copy';
import { PersonCalls } from './person-calls';
import { PersonLeads } from './person-leads';
import { PersonLetters } from './person-letters';
import { useStudioFormat } from '../lib/studio-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Who they are, where they first came from, their newsletter sign-up and what they brought. */
function PersonFacts({ person }: { person: PersonDetail }) {
  const format = useStudioFormat();
  const { firstSeen, subscriber, won } = person;
  return (
    <dl className="grid gap-4 rounded-2xl border border-line bg-paper-raised p-5 min-w-0 sm:grid-cols-2 lg:grid-cols-1">
      <Fact label={personCopy.email}>
        <a
          href={`mailto:${encodeURIComponent(person.email).replace(/%40/g, '@')}`}
          className="text-ember underline underline-offset-4"
        >
          {person.email}
        </a>
      </Fact>
      <Fact label={personCopy.firstSeen}>
        {firstSeen === null ? (
          personCopy.notKnown
        ) : (
          <>
            {personCopy.origin(firstSeen.source, firstSeen.campaign)} {personCopy.on}{' '}
            <time dateTime={firstSeen.at}>{format.date(firstSeen.at)}</time>
          </>
        )}
      </Fact>
      <Fact label={personCopy.newsletter}>
        {subscriber === null
          ? personCopy.notSubscribed
          : subscribersCopy.statuses[subscriber.status]}
      </Fact>
      <Fact label={personCopy.won}>
        {won.length === 0
          ? personCopy.nothingWon
          : won.map(({ amount, currency }) => format.money(amount, currency)).join(' + ')}
      </Fact>
    </dl>
  );
}

/**
 * Everything the studio knows of one person, across every piece of work: their leads, each a
 * link to its page, their calls, their newsletter sign-up and the letters it was sent, and the
 * money they have brought.
 */
export function PersonPage({ id }: { id: string }) {
  const { data } = useApiData(`person:${id}`, (signal) => getPerson(id, signal));
  const person = data.state === 'ready' ? data.data : null;
  return (
    <article className="flex flex-col gap-6">
      <BackToInbox />
      <PageHeading
        title={person ? person.name : personCopy.title}
        documentTitle={person ? `${personCopy.title}: ${person.name}` : personCopy.title}
      />
      <ApiDataState data={data} loading={personCopy.loading} />
      {person ? (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
          <PersonFacts person={person} />
          <div className="flex min-w-0 flex-col gap-6">
            <PersonLeads leads={person.leads} />
            <PersonCalls calls={person.calls} />
            {person.subscriber === null ? null : (
              <PersonLetters letters={person.subscriber.letters} />
            )}
          </div>
        </div>
      ) : null}
    </article>
  );
}
