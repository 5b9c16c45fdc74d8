import { AvailabilitySchema } from '../../../common/booking-availability';
import { DEFAULT_AVAILABILITY, type Availability } from '../../booking/booking-types';
import type { StoreContext } from '../db/store-context';

/** The studio's weekly hours and the rules of a call, one set for the whole site. */
export interface AvailabilityRepository {
  /** What is saved, or DEFAULT_AVAILABILITY until the studio saves its own. */
  readAvailability(): Promise<Availability>;
  /** Replaces the saved hours and rules in one write (checked by AvailabilitySchema first). */
  saveAvailability(availability: Availability): Promise<void>;
}

const ROW_ID = 1;

export function createAvailabilityRepository({ db, guard }: StoreContext): AvailabilityRepository {
  return {
    readAvailability: () =>
      guard('read the booking hours', async () => {
        const row = await db
          .selectFrom('booking_availability')
          .select('rules')
          .where('id', '=', ROW_ID)
          .executeTakeFirst();
        // The row was checked when saved; checking it again keeps a hand-edited one from
        // reaching the slot rules.
        return row === undefined
          ? DEFAULT_AVAILABILITY
          : AvailabilitySchema.parse(JSON.parse(row.rules));
      }),
    saveAvailability: (availability) =>
      guard('save the booking hours', async () => {
        const rules = JSON.stringify(availability);
        await db
          .insertInto('booking_availability')
          .values({ id: ROW_ID, rules })
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ rules }))
          .execute();
      }),
  };
}
