import { listStaff } from '../api/lead-api';
import { STAFF_URL } from '../routing/first-requests';
import { useApiData } from './use-api-data';

/**
 * A staff member's name by their address, wherever the studio means the person (a lead's owner,
 * a note's author, who published); their address while the list loads, when it cannot be read,
 * or when they have no name. Addresses are compared without case, as the server keeps them.
 */
export function useStaffNames(): (email: string) => string {
  const { data } = useApiData('staff', (signal) => listStaff(signal), STAFF_URL);
  const names = new Map(
    data.state === 'ready'
      ? data.data.items.flatMap(({ email, name }) =>
          name ? [[email.toLowerCase(), name] as const] : [],
        )
      : [],
  );
  return (email) => names.get(email.toLowerCase()) ?? email;
}
