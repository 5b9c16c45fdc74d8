import type { IncomingMessage } from 'node:http';
import type { AudienceRepository } from '../store/audience/audience-repository';
import { createEnquiryAttributor, type AttributeEnquiry } from './attribute-enquiry';
import { createDaySalts } from './day-salts';
import { createViewCounter, type ViewCounterOptions } from './view-counter';
import { createVitalsIntake, type VitalsIntake } from './vitals-intake';

/** Everything that counts the audience, or nothing at all when AUDIENCE=off. */
export type Audience = {
  /** Counts a page view once it is answered (the request pipeline calls it). */
  see: (request: IncomingMessage, status: number) => void;
  /** The beacon's intake; null when the beacon is off. */
  vitals: VitalsIntake | null;
  attributeEnquiry: AttributeEnquiry;
  /** Writes every batch still pending: at shutdown, so no view is lost. */
  flush: () => Promise<void>;
};

export const AUDIENCE_OFF: Audience = {
  see: () => undefined,
  vitals: null,
  attributeEnquiry: () => Promise.resolve(),
  flush: () => Promise.resolve(),
};

export function createAudience(
  options: Omit<ViewCounterOptions, 'audience' | 'salts'> & { audience: AudienceRepository },
): Audience {
  const salts = createDaySalts(options.audience);
  const counter = createViewCounter({ ...options, salts });
  const vitals = createVitalsIntake(options);
  return {
    see: counter.see,
    vitals,
    attributeEnquiry: createEnquiryAttributor({ ...options, salts, flushViews: counter.flush }),
    flush: async () => {
      await Promise.all([counter.flush(), vitals.flush()]);
    },
  };
}
