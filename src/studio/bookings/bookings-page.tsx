import { getAvailability } from '../api/booking-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { bookingsCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { HoursForm } from './hours-form';

/** The studio's bookings: the weekly hours visitors may book a call in, and its rules. */
export function BookingsPage() {
  const { data } = useApiData('bookings-page', getAvailability);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={bookingsCopy.title} />
      <ApiDataState data={data} loading={bookingsCopy.loading} />
      {data.state === 'ready' ? <HoursForm initial={data.data} /> : null}
    </div>
  );
}
