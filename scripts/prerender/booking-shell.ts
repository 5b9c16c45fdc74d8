import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { appendEntryLoader } from './critical-path';

/** The booking pages' script's entry name in the landing build (vite.config.ts). */
export const BOOKING_TIMES_ENTRY = 'booking-times';

/** The built script's address, e.g. `/assets/booking-times-Bq3x9ZkA.js`. */
export async function bookingTimesSrc(clientDir: string): Promise<string> {
  const built = (await readdir(join(clientDir, 'assets'))).find(
    (name) => name.startsWith(`${BOOKING_TIMES_ENTRY}-`) && name.endsWith('.js'),
  );
  if (built === undefined)
    throw new Error('The booking times script is missing from dist/client/assets.');
  return `/assets/${built}`;
}

/**
 * The booking pages' shell, from the form pages' shell before it declares the display face:
 * the booking script imported after the first paint by the landing page's loader, and the face
 * left to that script; for readers without JavaScript the inlined stylesheet declares it
 * (`@media (scripting: none)`, 0085). Neither the module nor the font is then asked for before
 * the first paint, so the largest paint, in Lighthouse's model as on a slow phone, waits for
 * neither (decisions 0057, 0080).
 */
export function withBookingTimes(formShell: string, src: string): string {
  return appendEntryLoader(formShell, src);
}
