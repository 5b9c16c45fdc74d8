import { useEffect } from 'react';
import { objectOf } from '../islands/check-props';

export const isMissingPageReportProps = objectOf({});

/** Names the missing path in the browser's console, for whoever is debugging a broken link. */
export function MissingPageReport() {
  useEffect(() => {
    console.error(
      '404 Error: User attempted to access non-existent route:',
      window.location.pathname,
    );
  }, []);
  return null;
}
