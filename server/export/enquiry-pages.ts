import type { LeadRepository } from '../store/leads/lead-repository';
import { withLeads, type WithLead } from './lead-export';
import { readInPages } from './read-in-pages';
import type {
  DeliveryStatus,
  EnquiryRepository,
  StoredEnquiry,
} from '../store/enquiries/enquiry-types';

/** Rows read per query: `export` holds one page in memory, however many enquiries there are. */
const ENQUIRY_PAGE_SIZE = 500;

/**
 * Every enquiry (of one delivery status, when given) with its lead, newest first, a page at a
 * time.
 */
export function openEnquiryPages(
  store: Pick<EnquiryRepository, 'listEnquiries'> & { leads: Pick<LeadRepository, 'readLeads'> },
  status: DeliveryStatus | undefined,
  pageSize = ENQUIRY_PAGE_SIZE,
): Promise<AsyncIterable<WithLead<StoredEnquiry>[]>> {
  return readInPages(
    withLeads(
      (last) =>
        store.listEnquiries({
          ...(status === undefined ? {} : { status }),
          ...(last === null ? {} : { before: { createdAt: last.createdAt, id: last.id } }),
          limit: pageSize,
        }),
      store.leads,
    ),
    pageSize,
  );
}
