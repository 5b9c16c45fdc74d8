/**
 * How a time zone is named to a visitor: the city of an IANA zone ("New York" for
 * America/New_York), or the zone as it is when it has none ("UTC").
 */
export function zoneCityOf(timeZone: string): string {
  const city = timeZone.includes('/') ? timeZone.split('/').at(-1) : undefined;
  return (city ?? timeZone).replaceAll('_', ' ');
}
