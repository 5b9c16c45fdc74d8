/**
 * The zones offered to a visitor without JavaScript on `/book`, west to east: one or two for
 * each populated offset, a short list rather than every IANA name (some 400, and several KB on a
 * page that is otherwise small). The studio's zone and the visitor's own choice are added when
 * missing; with JavaScript the page offers every zone the browser knows.
 */
const COMMON_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/Mexico_City',
  'America/New_York',
  'America/Toronto',
  'America/Bogota',
  'America/Halifax',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Reykjavik',
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Africa/Lagos',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Europe/Athens',
  'Europe/Helsinki',
  'Europe/Istanbul',
  'Africa/Nairobi',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Australia/Perth',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

/** How a zone reads in the list: `America/New York`, as the page's script lists them too. */
export const zoneOptionLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The zones to choose from: the visitor's (`chosen`, already judged a known zone) and the
 * studio's first when the common list lacks them, then the common list.
 */
export function bookingZoneChoices(studioZone: string, chosen: string | undefined): string[] {
  const extra = [chosen, studioZone].filter(
    (zone): zone is string => zone !== undefined && !COMMON_ZONES.some((common) => common === zone),
  );
  return [...new Set([...extra, ...COMMON_ZONES])];
}
