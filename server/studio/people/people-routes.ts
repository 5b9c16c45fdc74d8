import type { Hono } from 'hono';
import type { PersonMatch } from '../../../common/people';
import type { AppEnv } from '../../http/app-env';
import { toSearchTerms } from '../../store/enquiries/search-terms';
import type { PeopleRepository } from '../../store/people/people-repository';
import { isWellFormedId } from '../inbox/inbox-cursor';
import type { StudioResponder } from '../studio-responses';

/** Search words read at most, as the inbox's search box allows. */
const Q_MAX_LENGTH = 200;

/**
 * GET people?q=: the people whose name or address holds every word (the inbox's search shows
 * them above the leads). GET people/:id: one person with every lead and call of theirs, their
 * newsletter status and what their won leads brought (DESIGN.md, "The person and the lead").
 */
export function registerPeopleRoutes<E extends AppEnv>(
  studio: Hono<E>,
  people: PeopleRepository,
  respond: StudioResponder,
): void {
  studio.get('/people', async (c) => {
    const q = new URL(c.req.url).searchParams.getAll('q');
    if (q.length !== 1 || q[0]!.length > Q_MAX_LENGTH) return respond.error(400, 'invalid_request');
    const items: PersonMatch[] = await people.findPeople(toSearchTerms(q[0]!));
    return respond.json(200, { items });
  });

  studio.get('/people/:id', async (c) => {
    const id = c.req.param('id');
    if (!isWellFormedId(id)) return respond.error(400, 'invalid_request');
    const person = await people.readPerson(id);
    if (person === null) return respond.error(404, 'not_found');
    return respond.json(200, person);
  });
}
