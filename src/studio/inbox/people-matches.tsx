import { findPeople } from '../api/people-api';
import { StudioLink } from '../components/studio-link';
import { enquiryCopy, inboxCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { hrefFor } from '../routing/studio-route';

/**
 * The people the inbox's search words find, each a link to their page. Nothing when none
 * match, or when the question fails: the leads below are what the inbox is for.
 */
export function PeopleMatches({ q }: { q: string }) {
  const { data } = useApiData(`people:${q}`, (signal) => findPeople(q, signal));
  if (data.state !== 'ready' || data.data.items.length === 0) return null;
  return (
    <section aria-labelledby="people-matches-title" className="flex flex-col gap-2">
      <h2 id="people-matches-title" className="text-lg font-semibold">
        {inboxCopy.people}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {data.data.items.map((person) => (
          <li
            key={person.id}
            className="flex flex-col rounded-2xl border border-line bg-paper-raised p-4"
          >
            {/* Named apart from the lead's card of the same person below it, which opens the lead. */}
            <StudioLink
              href={hrefFor({ page: 'person', id: person.id })}
              aria-label={enquiryCopy.aboutPerson(person.name)}
              className="font-semibold text-ember underline underline-offset-4"
            >
              {person.name}
            </StudioLink>
            <span className="break-words text-sm">{person.email}</span>
            <span className="text-sm text-ink-muted">{inboxCopy.personLeads(person.leads)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
