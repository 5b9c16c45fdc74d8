import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who wrote or booked, as their enquiry gives them. */
export type MetPerson = { addressKey: string; name: string; email: string; at: string };

/**
 * Makes the person with this address a record if the studio has not met them yet; the address
 * is unique in `people`, so two instances meeting one person at once make one row, in one
 * statement. `isNews`: they just wrote or booked, so the name and address they gave are theirs
 * from now on; otherwise (someone met before people had rows) a row there stays as it is.
 */
export async function meetPerson(
  db: Kysely<Database>,
  person: MetPerson,
  { isNews }: { isNews: boolean },
): Promise<void> {
  await db
    .insertInto('people')
    .values({
      id: randomUUID(),
      address_key: person.addressKey,
      name: person.name,
      email: person.email,
      created_at: person.at,
    })
    .onConflict((conflict) =>
      isNews
        ? conflict.column('address_key').doUpdateSet({ name: person.name, email: person.email })
        : conflict.column('address_key').doNothing(),
    )
    .execute();
}
