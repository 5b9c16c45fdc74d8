import { sql, type Kysely, type Migration } from 'kysely';
import { nameFromAddress } from '../auth/staff-names';

/**
 * Staff gain a name, a role and a signature. Everyone already on the staff becomes an owner,
 * so nobody loses what they could do before; their name starts as the address's local part,
 * capitalised ("sam.rivera@…" → "Sam Rivera"), which they can change in the studio.
 */
export function addStaffNamesAndRoles(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('staff')
        .addColumn('name', 'text', (column) => column.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('staff')
        .addColumn('role', 'text', (column) =>
          column
            .notNull()
            .defaultTo('owner')
            .check(sql`role in ('owner', 'member')`),
        )
        .execute();
      await db.schema
        .alterTable('staff')
        .addColumn('signature', 'text', (column) => column.notNull().defaultTo(''))
        .execute();
      const staff = await sql<{ id: string; email: string }>`select id, email from staff`.execute(
        db,
      );
      for (const { id, email } of staff.rows) {
        await sql`update staff set name = ${nameFromAddress(email)} where id = ${id}`.execute(db);
      }
    },
  };
}
