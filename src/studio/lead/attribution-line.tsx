import type { Attribution } from '../../../common/audience';
import { enquiryCopy } from '../copy';

/** "3 minutes", "2 hours", "less than a minute": how long before the enquiry the visit began. */
export function describeLead(visitedAt: string, receivedAt: string): string {
  const minutes = Math.floor((Date.parse(receivedAt) - Date.parse(visitedAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return enquiryCopy.cameFrom.underAMinute;
  if (minutes < 120) return enquiryCopy.cameFrom.minutes(minutes);
  return enquiryCopy.cameFrom.hours(Math.floor(minutes / 60));
}

/** Where the enquiry's sender came from, that day: "came from: newsletter / spring-offer, …". */
export function AttributionLine({
  attribution,
  receivedAt,
}: {
  attribution: Attribution | null;
  receivedAt: string;
}) {
  if (attribution === null) return null;
  const origin = [attribution.source, attribution.campaign].filter(Boolean).join(' / ');
  return (
    <p className="text-sm text-ink-muted" data-testid="enquiry-attribution">
      {enquiryCopy.cameFrom.line(
        origin,
        attribution.landingPath,
        describeLead(attribution.visitedAt, receivedAt),
      )}
    </p>
  );
}
