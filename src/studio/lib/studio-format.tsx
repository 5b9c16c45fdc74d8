import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createStudioFormat,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  type StudioFormat,
} from '../../../common/studio-format';
import { useStudioLocale } from '../session/studio-locale';

/**
 * How every screen writes a date, a time or an amount: the studio's locale, currency and time
 * zone, never the reader's browser's own.
 */
const StudioFormatContext = createContext<StudioFormat>(
  createStudioFormat({ locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY, timeZone: 'UTC' }),
);

export function useStudioFormat(): StudioFormat {
  return useContext(StudioFormatContext);
}

/**
 * The one format for every screen below it: the locale and currency of the studio's settings
 * (the studio locale above it, which follows a save at once) in the studio's time zone.
 */
export function StudioFormatProvider({
  timeZone,
  children,
}: {
  /** STUDIO_TIME_ZONE, as GET me says it. */
  timeZone: string;
  children: ReactNode;
}) {
  const { locale, currency } = useStudioLocale();
  const format = useMemo(
    () => createStudioFormat({ locale, currency, timeZone }),
    [locale, currency, timeZone],
  );
  return <StudioFormatContext value={format}>{children}</StudioFormatContext>;
}
