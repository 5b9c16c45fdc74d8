import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { DROPPED_REASONS, type AudienceMeter } from '../audience/audience-meter';
import type { OutboxBacklog } from '../store/outbox/outbox-types';
import { createRequestMetrics, type RequestMetrics } from './request-metrics';

/** How a stored email attempt ended, as the outbox records it. */
export type EmailOutcome = 'sent' | 'failed' | 'given_up';

export type SiteMetrics = {
  requests: RequestMetrics;
  /** A new enquiry was stored: a real one (to be emailed) or one kept as spam. */
  countStoredEnquiry(isSpam: boolean): void;
  /** The enquiry endpoint refused a submission; `reason` is the answer's status code. */
  countRejectedEnquiry(reason: string): void;
  /** A form post was refused for coming too often from one address. */
  countRateLimited(endpoint: string): void;
  countEmail(outcome: EmailOutcome): void;
  /** Views, bot views and Web Vitals samples taken, and those dropped. */
  audience: AudienceMeter;
  contentType: string;
  /** Every series in the Prometheus text format; the outbox is read from the store now. */
  render(): Promise<string>;
};

/**
 * The numbers an operator watches, in a registry of their own: each app instance (and each test)
 * gets a fresh set, never the process-wide default registry.
 */
export function createSiteMetrics(options: {
  /** Read at every scrape; a rejection is reported as `ember_store_up 0`, never an error. */
  readOutboxBacklog: () => Promise<OutboxBacklog>;
  now: () => number;
}): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const enquiries = new Counter({
    name: 'ember_enquiries_total',
    help: 'Enquiries stored, by outcome: accepted (to be emailed) or spam (kept, never emailed).',
    labelNames: ['outcome'],
    registers,
  });
  const rejected = new Counter({
    name: 'ember_enquiries_rejected_total',
    help: 'Enquiry submissions refused, by the status code of the answer.',
    labelNames: ['reason'],
    registers,
  });
  const rateLimited = new Counter({
    name: 'ember_rate_limited_total',
    help: 'Form posts refused with 429 for coming too often from one address, by endpoint.',
    labelNames: ['endpoint'],
    registers,
  });
  const emails = new Counter({
    name: 'ember_emails_total',
    help: 'Email attempts by outcome: sent, failed (to be retried) or given_up (no more retries).',
    labelNames: ['outcome'],
    registers,
  });
  const audienceTaken = new Counter({
    name: 'ember_audience_events_total',
    help: 'Audience events recorded: view (a person), filtered (a bot) or vital (a Web Vitals sample).',
    labelNames: ['kind'],
    registers,
  });
  const audienceDropped = new Counter({
    name: 'ember_audience_events_dropped_total',
    help: 'Audience events not recorded, by reason: backlog, store, refused (bad beacon), flood, repeat (a page load measured again), bot (a bot beacon) or prefetch (a view ahead of a click).',
    labelNames: ['reason'],
    registers,
  });
  for (const kind of ['view', 'filtered', 'vital']) audienceTaken.labels(kind).inc(0);
  for (const reason of DROPPED_REASONS) audienceDropped.labels(reason).inc(0);
  for (const outcome of ['accepted', 'spam']) enquiries.labels(outcome).inc(0);
  for (const outcome of ['sent', 'failed', 'given_up']) emails.labels(outcome).inc(0);

  const storeUp = new Gauge({
    name: 'ember_store_up',
    help: '1 when the store answered the outbox query of this scrape, 0 when it could not be reached.',
    registers,
  });
  const backlog = new Gauge({
    name: 'ember_outbox_backlog',
    help: 'Emails waiting in the outbox (queued or retrying).',
    registers,
  });
  const oldestAge = new Gauge({
    name: 'ember_outbox_oldest_age_seconds',
    help: 'Age of the oldest email still waiting in the outbox; 0 when it is empty.',
    registers,
  });

  async function readOutbox(): Promise<void> {
    try {
      const outbox = await options.readOutboxBacklog();
      storeUp.set(1);
      backlog.set(outbox.count);
      oldestAge.set(
        outbox.oldestCreatedAt === null
          ? 0
          : Math.max(0, (options.now() - outbox.oldestCreatedAt.getTime()) / 1000),
      );
    } catch {
      // Unknown is not zero: the outbox series say NaN until the store answers again.
      storeUp.set(0);
      backlog.set(Number.NaN);
      oldestAge.set(Number.NaN);
    }
  }

  const requests = createRequestMetrics();
  return {
    requests,
    countStoredEnquiry: (isSpam) => enquiries.labels(isSpam ? 'spam' : 'accepted').inc(),
    countRejectedEnquiry: (reason) => rejected.labels(reason).inc(),
    countRateLimited: (endpoint) => rateLimited.labels(endpoint).inc(),
    countEmail: (outcome) => emails.labels(outcome).inc(),
    audience: {
      taken: (kind, count) => audienceTaken.labels(kind).inc(count),
      dropped: (reason, count) => audienceDropped.labels(reason).inc(count),
    },
    contentType: registry.contentType,
    async render() {
      await readOutbox();
      return `${await registry.metrics()}${requests.render()}`;
    },
  };
}
