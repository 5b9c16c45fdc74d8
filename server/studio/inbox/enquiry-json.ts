import type { Lead } from '../../../common/leads';
import type {
  Person,
  EarlierLead,
  Enquiry,
  EnquiryBooking,
  EnquiryDetail,
} from '../../../common/studio-inbox';
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

function toCallJson(booking: Booking): EnquiryBooking {
  return {
    id: booking.id,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    state: booking.state,
  };
}

/** What the lead's detail shows beside the enquiry: its calls, newest first, and earlier work. */
export type LeadHistory = {
  calls: readonly Booking[];
  earlier: EarlierLead[];
  person: Person | null;
};

export function toEnquiryDetailJson(
  enquiry: InboxEnquiryDetail,
  lead: Lead,
  attribution: StoredAttribution | null,
  canVerifySenders: boolean,
  { calls, earlier, person }: LeadHistory,
): EnquiryDetail {
  const { delivery } = enquiry;
  const latest = calls[0];
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
    booking: latest === undefined ? null : toCallJson(latest),
    calls: calls.map(toCallJson),
    person,
    earlier,
    isReturning: earlier.some(({ receivedAt }) => new Date(receivedAt) < enquiry.receivedAt),
  };
}
