import { listStaff } from '../api/lead-api';
import { useApiData } from '../hooks/use-api-data';
import { STAFF_URL } from '../routing/first-requests';

/**
 * A person's name from the staff list, for showing who owns a lead; their address while the
 * list loads, when it cannot be read, or when they have no name.
 */
export function useStaffNames(): (email: string) => string {
  const { data } = useApiData('staff', (signal) => listStaff(signal), STAFF_URL);
  const names = new Map(
    data.state === 'ready'
      ? data.data.items.flatMap(({ email, name }) => (name ? [[email, name] as const] : []))
      : [],
  );
  return (email) => names.get(email) ?? email;
}
