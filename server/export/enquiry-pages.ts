import type { AudienceRepository } from '../store/audience/audience-repository';
import type { BookingRepository } from '../store/bookings/booking-repository-types';
import type { LeadRepository } from '../store/leads/lead-repository';
import { withCalls, type WithCall } from './call-export';
import { withLeads, type WithLead } from './lead-export';
import { readInPages } from './read-in-pages';
import type {
  DeliveryStatus,
  EnquiryRepository,
  StoredEnquiry,
} from '../store/enquiries/enquiry-types';

/** Rows read per query: `export` holds one page in memory, however many enquiries there are. */
const ENQUIRY_PAGE_SIZE = 500;

/** An enquiry as `export` writes it: with its lead, the visit it came from and its call. */
export type ExportedEnquiry = WithCall<WithLead<StoredEnquiry>>;

/**
 * Every enquiry (of one delivery status, when given) with its lead, its visit's source and
 * campaign and the call it booked, newest first, a page at a time.
 */
export function openEnquiryPages(
  store: Pick<EnquiryRepository, 'listEnquiries'> & {
    leads: Pick<LeadRepository, 'readLeads'>;
    audience: Pick<AudienceRepository, 'readAttributions'>;
    bookings: Pick<BookingRepository, 'readBookingsOfEnquiries'>;
  },
  status: DeliveryStatus | undefined,
  pageSize = ENQUIRY_PAGE_SIZE,
): Promise<AsyncIterable<ExportedEnquiry[]>> {
  return readInPages(
    withCalls(
      withLeads(
        (last) =>
          store.listEnquiries({
            ...(status === undefined ? {} : { status }),
            ...(last === null ? {} : { before: { createdAt: last.createdAt, id: last.id } }),
            limit: pageSize,
          }),
        store.leads,
      ),
      store,
    ),
    pageSize,
  );
}
