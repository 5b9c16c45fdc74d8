import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who wrote or booked, as their enquiry gives them. */
export type MetPerson = { addressKey: string; name: string; email: string; at: string };

/**
 * The person with this address, made now if the studio has not met them yet; their id. The
 * address is unique in `people`, so two instances meeting one person at once make one row.
 * `isNews`: they just wrote or booked, so the name and address they gave are theirs from now
 * on; otherwise (a person met before people had rows) a row there already stays as it is.
 */
export async function meetPerson(
  db: Kysely<Database>,
  person: MetPerson,
  { isNews }: { isNews: boolean },
): Promise<string> {
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
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('address_key', '=', person.addressKey)
    .executeTakeFirstOrThrow();
  return row.id;
}
