import type { IncomingMessage } from 'node:http';
import type { AudienceRepository } from '../store/audience/audience-repository';
import { createVisitAttributor, type AttributeVisit } from './attribute-visit';
import { createDaySalts } from './day-salts';
import { createUserAgentFacts } from './user-agent-facts';
import { createViewCounter, type ViewCounterOptions } from './view-counter';
import { createVitalsIntake, type VitalsIntake } from './vitals-intake';

/** Everything that counts the audience, or nothing at all when AUDIENCE=off. */
export type Audience = {
  /** Counts a page view once it is answered (the request pipeline calls it). */
  see: (request: IncomingMessage, status: number) => void;
  /** The beacon's intake; null when the beacon is off. */
  vitals: VitalsIntake | null;
  attributeEnquiry: AttributeVisit;
  /** Called when an address confirms its subscription. */
  attributeSubscriber: AttributeVisit;
  /** Writes every batch still pending: at shutdown, so no view is lost. */
  flush: () => Promise<void>;
};

export const AUDIENCE_OFF: Audience = {
  see: () => undefined,
  vitals: null,
  attributeEnquiry: () => Promise.resolve(),
  attributeSubscriber: () => Promise.resolve(),
  flush: () => Promise.resolve(),
};

export function createAudience(
  options: Omit<ViewCounterOptions, 'audience' | 'salts' | 'userAgentFacts'> & {
    audience: AudienceRepository;
  },
): Audience {
  const salts = createDaySalts(options.audience, options.now);
  const userAgentFacts = createUserAgentFacts();
  const counter = createViewCounter({ ...options, salts, userAgentFacts });
  const vitals = createVitalsIntake({ ...options, userAgentFacts });
  return {
    see: counter.see,
    vitals,
    attributeEnquiry: createVisitAttributor({
      ...options,
      save: (id, attribution) => options.audience.saveAttribution(id, attribution),
      subject: 'enquiry',
      salts,
      flushViews: counter.flush,
    }),
    attributeSubscriber: createVisitAttributor({
      ...options,
      save: (id, attribution) => options.audience.saveSubscriberAttribution(id, attribution),
      subject: 'subscriber',
      salts,
      flushViews: counter.flush,
    }),
    flush: async () => {
      await Promise.all([counter.flush(), vitals.flush()]);
    },
  };
}
