import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

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
 * The form pages' shell with the booking script: a module, so it runs once the page is parsed
 * and never holds the first paint; the CSP's `script-src 'self'` admits it as it is.
 */
export function withBookingTimes(formShell: string, src: string): string {
  if (!formShell.includes('</head>')) throw new Error('The form page shell has no </head>.');
  return formShell.replace('</head>', () => `<script type="module" src="${src}"></script></head>`);
}
