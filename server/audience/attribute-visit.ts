import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from '../newsletter/newsletter-links';
import type { Log } from '../log';
import type { AudienceRepository, StoredAttribution } from '../store/audience/audience-repository';
import type { DaySalts } from './day-salts';
import { DIRECT, visitOf } from './summarize-views';
import { hashVisitor, utcDay } from './visitor-hash';

/** Who sent an enquiry or confirmed a subscription, as the request tells: only hashed, never kept. */
export type Sender = { address: string; userAgent: string | undefined; isPrivate: boolean };

/** Finds the sender's visit of the day and keeps it with the enquiry or subscriber `id`. */
export type AttributeVisit = (id: string, sender: Sender) => Promise<void>;

/**
 * The pages behind the links in the newsletter's emails: a click from a mail client lands there
 * (with the mail client as its referrer), but that is not where the visitor came from.
 */
const EMAIL_LINK_PAGES = [CONFIRM_PATH, UNSUBSCRIBE_PATH];

/**
 * Finds the sender's visit of the day (same salt, address and user agent: the same hash) and
 * keeps where it came from with what it brought. Nothing on the device is read or written, and
 * a sender under Global Privacy Control is never looked up. A failure here costs the
 * attribution, never the enquiry or the subscription.
 */
export function createVisitAttributor(options: {
  audience: Pick<AudienceRepository, 'listVisitorViews'>;
  /** Keeps the visit with what it brought: an enquiry, a confirmed subscriber. */
  save: (id: string, attribution: StoredAttribution) => Promise<void>;
  /** What is attributed, for the log. */
  subject: 'enquiry' | 'subscriber';
  salts: DaySalts;
  /** Writes the views still waiting for their batch: the landing may be among them. */
  flushViews: () => Promise<void>;
  log: Log;
  now: () => number;
}): AttributeVisit {
  return async (id, sender) => {
    if (sender.isPrivate || sender.userAgent === undefined) return;
    try {
      await options.flushViews();
      const day = utcDay(options.now());
      const salt = await options.salts.read(day);
      // The day ended while the views were written: its visits can no longer be found.
      if (salt === null) return;
      const visitor = hashVisitor(salt, sender.address, sender.userAgent);
      const views = await options.audience.listVisitorViews(day, visitor);
      const visit = visitOf(views.filter((view) => !EMAIL_LINK_PAGES.includes(view.path)));
      if (visit === undefined) return;
      await options.save(id, {
        source: visit.source ?? DIRECT,
        medium: visit.medium,
        campaign: visit.campaign,
        landingPath: visit.path,
        revision: visit.revision,
        visitedAt: visit.at,
      });
    } catch (error) {
      options.log('warn', `${options.subject} not attributed`, {
        id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}
