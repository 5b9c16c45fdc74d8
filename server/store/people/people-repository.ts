import { sql, type Kysely, type SqlBool } from 'kysely';
import { fromMinorUnits, type LeadValue } from '../../../common/lead-value';
import {
  PEOPLE_SEARCH_LIMIT,
  type PersonCall,
  type PersonDetail,
  type PersonMatch,
} from '../../../common/people';
import type { Person } from '../../../common/studio-inbox';
import type { StoreContext } from '../db/store-context';
import { readAtOneMoment } from '../db/read-at-one-moment';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import { toAddressKey } from '../enquiries/address-key';
import { toLeadValue } from '../leads/lead-value-columns';
import { readLettersSentTo } from '../letters/letters-sent-to';
import { meetPerson } from './meet-person';

/** The people the studio deals with, each with every lead and call of theirs. */
export type PeopleRepository = {
  /** The person a lead is with (made now for someone met before people had rows); null: no such lead. */
  personOfLead(leadId: string): Promise<Person | null>;
  /** Everything about one person; null when no one has that id. */
  readPerson(id: string): Promise<PersonDetail | null>;
  /** People whose name or address holds every one of `terms`, most recently met first. */
  findPeople(terms: readonly string[]): Promise<PersonMatch[]>;
};

const iso = (value: Date | string) => toDate(value).toISOString();

/** `term` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[!%_]/g, '!$&')}%`;

/** Won values summed per currency, in minor units until the end so nothing is rounded twice. */
function sumWon(
  rows: readonly { value_amount: number | string | null; value_currency: string | null }[],
): LeadValue[] {
  const minor = new Map<string, number>();
  for (const row of rows) {
    if (row.value_amount === null || row.value_currency === null) continue;
    minor.set(row.value_currency, (minor.get(row.value_currency) ?? 0) + Number(row.value_amount));
  }
  return [...minor].map(([currency, amount]) => ({
    amount: fromMinorUnits(amount, currency),
    currency,
  }));
}

async function readCalls(db: Kysely<Database>, addressKey: string): Promise<PersonCall[]> {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
    .select(['bookings.id', 'bookings.start_at', 'bookings.end_at', 'bookings.state'])
    .where('enquiries.address_key', '=', addressKey)
    .orderBy('bookings.start_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    start: iso(row.start_at),
    end: iso(row.end_at),
    state: row.state,
  }));
}

export function createPeopleRepository({ db, guard }: StoreContext): PeopleRepository {
  return {
    personOfLead: (leadId) =>
      guard('find the person of a lead', async () => {
        const lead = await db
          .selectFrom('enquiries')
          .select(['address_key', 'email', 'name', 'created_at'])
          .where('id', '=', leadId)
          .executeTakeFirst();
        if (lead === undefined) return null;
        const addressKey = lead.address_key ?? toAddressKey(lead.email);
        const known = () =>
          db
            .selectFrom('people')
            .select(['id', 'name', 'email'])
            .where('address_key', '=', addressKey)
            .executeTakeFirst();
        const person = await known();
        if (person !== undefined) return person;
        const met = { addressKey, name: lead.name, email: lead.email, at: iso(lead.created_at) };
        await meetPerson(db, met, { isNews: false });
        return (await known()) ?? null;
      }),

    readPerson: (id) =>
      guard('read a person', () =>
        readAtOneMoment(db, async (db) => {
          const person = await db
            .selectFrom('people')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          if (person === undefined) return null;
          const emailKey = person.email.toLowerCase();
          const [leads, calls, subscriber, firstVisit, letters] = await Promise.all([
            db
              .selectFrom('enquiries')
              .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
              .select([
                'enquiries.id',
                'enquiries.created_at',
                'leads.stage',
                'leads.stage_changed_at',
                'leads.value_amount',
                'leads.value_currency',
              ])
              .where('enquiries.address_key', '=', person.address_key)
              .where('enquiries.lead_id', 'is', null)
              .where('enquiries.inbox_status', '<>', 'spam')
              .orderBy('enquiries.created_at', 'desc')
              .orderBy('enquiries.id', 'desc')
              .execute(),
            readCalls(db, person.address_key),
            db
              .selectFrom('subscribers')
              .select(['status', 'undeliverable'])
              .where('email_key', '=', emailKey)
              .executeTakeFirst(),
            db
              .selectFrom('enquiries')
              .innerJoin('enquiry_attributions', 'enquiry_attributions.enquiry_id', 'enquiries.id')
              .select([
                'enquiry_attributions.visited_at',
                'enquiry_attributions.source',
                'enquiry_attributions.campaign',
              ])
              .where('enquiries.address_key', '=', person.address_key)
              .orderBy('enquiry_attributions.visited_at')
              .limit(1)
              .executeTakeFirst(),
            readLettersSentTo(db, emailKey),
          ]);
          const isClosed = (stage: string | null) => stage === 'won' || stage === 'lost';
          return {
            id: person.id,
            name: person.name,
            email: person.email,
            firstSeen:
              firstVisit === undefined
                ? null
                : {
                    at: iso(firstVisit.visited_at),
                    source: firstVisit.source,
                    campaign: firstVisit.campaign,
                  },
            leads: leads.map((lead) => ({
              id: lead.id,
              stage: lead.stage ?? 'new',
              value: toLeadValue(lead.value_amount, lead.value_currency),
              openedAt: iso(lead.created_at),
              closedAt:
                isClosed(lead.stage) && lead.stage_changed_at !== null
                  ? iso(lead.stage_changed_at)
                  : null,
            })),
            calls,
            subscriber:
              subscriber === undefined
                ? null
                : { status: subscriber.undeliverable ?? subscriber.status, letters },
            won: sumWon(leads.filter((lead) => lead.stage === 'won')),
          };
        }),
      ),

    findPeople: (terms) =>
      guard('find people', async () => {
        if (terms.length === 0) return [];
        const rows = await db
          .selectFrom('people')
          .select(['people.id', 'people.name', 'people.email'])
          .select((eb) =>
            eb
              .selectFrom('enquiries')
              .select(eb.fn.countAll<number | string>().as('count'))
              .whereRef('enquiries.address_key', '=', 'people.address_key')
              .where('enquiries.lead_id', 'is', null)
              .where('enquiries.inbox_status', '<>', 'spam')
              .as('leads'),
          )
          .where((eb) =>
            eb.and(
              terms.map(
                (term) =>
                  sql<SqlBool>`(lower(people.name) like ${containing(term)} escape '!' or lower(people.email) like ${containing(term)} escape '!')`,
              ),
            ),
          )
          .orderBy('people.created_at', 'desc')
          .orderBy('people.id')
          .limit(PEOPLE_SEARCH_LIMIT)
          .execute();
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          leads: Number(row.leads ?? 0),
        }));
      }),
  };
}
