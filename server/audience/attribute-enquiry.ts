import type { Log } from '../log';
import type { AudienceRepository } from '../store/audience/audience-repository';
import type { DaySalts } from './day-salts';
import { DIRECT, visitOf } from './summarize-views';
import { hashVisitor, utcDay } from './visitor-hash';

/** Who sent an enquiry, as the request tells: only hashed, never kept. */
export type Sender = { address: string; userAgent: string | undefined; isPrivate: boolean };

export type AttributeEnquiry = (enquiryId: string, sender: Sender) => Promise<void>;

/**
 * Finds the sender's visit of the day (same salt, address and user agent: the same hash) and
 * keeps where it came from with the enquiry. Nothing on the device is read or written, and a
 * sender under Global Privacy Control is never looked up. A failure here costs the enquiry
 * its attribution, never the enquiry.
 */
export function createEnquiryAttributor(options: {
  audience: Pick<AudienceRepository, 'listVisitorViews' | 'saveAttribution'>;
  salts: DaySalts;
  /** Writes the views still waiting for their batch: the landing may be among them. */
  flushViews: () => Promise<void>;
  log: Log;
  now: () => number;
}): AttributeEnquiry {
  return async (enquiryId, sender) => {
    if (sender.isPrivate || sender.userAgent === undefined) return;
    try {
      await options.flushViews();
      const day = utcDay(options.now());
      const salt = await options.salts.read(day);
      const visitor = hashVisitor(salt, sender.address, sender.userAgent);
      const visit = visitOf(await options.audience.listVisitorViews(day, visitor));
      if (visit === undefined) return;
      await options.audience.saveAttribution(enquiryId, {
        source: visit.source ?? DIRECT,
        medium: visit.medium,
        campaign: visit.campaign,
        landingPath: visit.path,
        revision: visit.revision,
        visitedAt: visit.at,
      });
    } catch (error) {
      options.log('warn', 'enquiry not attributed', {
        id: enquiryId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}
