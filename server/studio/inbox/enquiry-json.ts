import type { Lead } from '../../../common/leads';
import type { Enquiry, EnquiryDetail } from '../../../common/studio-inbox';
import type { Booking } from '../../booking/booking-types';
import type { StoredAttribution } from '../../store/audience/audience-repository';
import type { InboxEnquiry, InboxEnquiryDetail } from '../../store/inbox/inbox-types';

export function toEnquiryJson(enquiry: InboxEnquiry): Enquiry {
  return {
    id: enquiry.id,
    name: enquiry.name,
    email: enquiry.email,
    service: enquiry.service,
    message: enquiry.message,
    status: enquiry.status,
    receivedAt: enquiry.receivedAt.toISOString(),
  };
}

export function toEnquiryDetailJson(
  enquiry: InboxEnquiryDetail,
  lead: Lead,
  attribution: StoredAttribution | null,
  canVerifySenders: boolean,
  booking: Booking | null,
): EnquiryDetail {
  const { delivery } = enquiry;
  return {
    ...toEnquiryJson(enquiry),
    ...lead,
    delivery:
      delivery === null
        ? null
        : { ...delivery, sentAt: delivery.sentAt === null ? null : delivery.sentAt.toISOString() },
    attribution:
      attribution === null
        ? null
        : { ...attribution, visitedAt: attribution.visitedAt.toISOString() },
    canVerifySenders,
    booking:
      booking === null
        ? null
        : {
            id: booking.id,
            start: booking.start.toISOString(),
            end: booking.end.toISOString(),
            state: booking.state,
          },
  };
}
