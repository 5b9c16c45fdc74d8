import { readInPages } from './read-in-pages';
import type {
  DeliveryStatus,
  EnquiryRepository,
  StoredEnquiry,
} from '../store/enquiries/enquiry-types';

/** Rows read per query: `export` holds one page in memory, however many enquiries there are. */
const ENQUIRY_PAGE_SIZE = 500;

/** Every enquiry (of one delivery status, when given), newest first, a page at a time. */
export function openEnquiryPages(
  store: Pick<EnquiryRepository, 'listEnquiries'>,
  status: DeliveryStatus | undefined,
  pageSize = ENQUIRY_PAGE_SIZE,
): Promise<AsyncIterable<StoredEnquiry[]>> {
  return readInPages(
    (last) =>
      store.listEnquiries({
        ...(status === undefined ? {} : { status }),
        ...(last === null ? {} : { before: { createdAt: last.createdAt, id: last.id } }),
        limit: pageSize,
      }),
    pageSize,
  );
}
