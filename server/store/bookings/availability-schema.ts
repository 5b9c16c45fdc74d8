/** The one row of the studio's hours and rules (`id` is always 1), as the form's JSON. */
export type BookingAvailabilityTable = { id: number; rules: string };

export type AvailabilityDatabase = { booking_availability: BookingAvailabilityTable };
