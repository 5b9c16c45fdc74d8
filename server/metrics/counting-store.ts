import type { Store } from '../store/store';
import type { SiteMetrics } from './site-metrics';

/**
 * The store, counting what it records: new enquiries (real or spam) and the outcome of each
 * email attempt. Counted where the outcome is committed, so a replayed submission or an email
 * whose result could not be written is not counted as done.
 */
export function countStoreOutcomes(store: Store, metrics: SiteMetrics): Store {
  return {
    ...store,
    async saveEnquiry(enquiry) {
      const result = await store.saveEnquiry(enquiry);
      if (result.kind === 'created') metrics.countStoredEnquiry(result.isSpam);
      return result;
    },
    async markEmailSent(jobId) {
      await store.markEmailSent(jobId);
      metrics.countEmail('sent');
    },
    async markEmailFailed(jobId, error, retryAt) {
      await store.markEmailFailed(jobId, error, retryAt);
      metrics.countEmail(retryAt === null ? 'given_up' : 'failed');
    },
  };
}
