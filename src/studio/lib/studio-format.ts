import { createContext, useContext } from 'react';
import {
  createStudioFormat,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  type StudioFormat,
} from '../../../common/studio-format';

/**
 * How every screen writes a date, a time or an amount: the studio's locale, currency and time
 * zone, set once the studio knows them (app.tsx); never the reader's browser's own.
 */
export const StudioFormatContext = createContext<StudioFormat>(
  createStudioFormat({ locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY, timeZone: 'UTC' }),
);

export function useStudioFormat(): StudioFormat {
  return useContext(StudioFormatContext);
}
