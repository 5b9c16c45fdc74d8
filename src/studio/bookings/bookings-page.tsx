import { getAvailability, getCalendarConnection } from '../api/booking-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { bookingsCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { CallsPanel } from './calls-panel';
import { HoursForm } from './hours-form';

/** The studio's bookings: the calls booked, and the weekly hours and rules visitors book in. */
export function BookingsPage() {
  const { data } = useApiData('bookings-page', getAvailability);
  const calendar = useApiData('booking-calendar', getCalendarConnection).data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={bookingsCopy.title} />
      {calendar.state === 'ready' ? (
        <p className={calendar.data.connected ? 'text-ink-muted' : 'font-semibold'}>
          {calendar.data.host === null
            ? bookingsCopy.calendarNone
            : bookingsCopy.calendarConnected(calendar.data.host)}
        </p>
      ) : null}
      <CallsPanel />
      <ApiDataState data={data} loading={bookingsCopy.loading} />
      {data.state === 'ready' ? <HoursForm initial={data.data} /> : null}
    </div>
  );
}
