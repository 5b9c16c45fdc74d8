import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { StudioSettings } from '../../../common/studio-settings';
import { getSettings } from '../api/settings-api';
import { useApiData } from '../hooks/use-api-data';
import { SETTINGS_URL } from '../routing/first-requests';

/** How the studio writes dates, times and money: its settings' locale and currency. */
export type StudioLocale = {
  /** BCP 47, e.g. `en-GB`. */
  locale: string;
  /** ISO 4217, e.g. `GBP`: the currency of a value given without one. */
  currency: string;
  /** Takes the settings just saved, so every page writes them at once. */
  adopt: (settings: StudioSettings) => void;
};

/** What the studio uses until its settings have arrived (and what a new studio starts with). */
const DEFAULT_LOCALE = { locale: 'en-US', currency: 'USD' };

const StudioLocaleContext = createContext<StudioLocale>({
  ...DEFAULT_LOCALE,
  adopt: () => undefined,
});

/** Reads the studio's settings once for every signed-in page below it. */
export function StudioLocaleProvider({ children }: { children: ReactNode }) {
  const { data } = useApiData('settings', getSettings, SETTINGS_URL);
  const [saved, setSaved] = useState<StudioSettings | null>(null);
  const loaded = data.state === 'ready' ? data.data : null;
  const current = saved ?? loaded ?? DEFAULT_LOCALE;
  const value = useMemo(
    () => ({ locale: current.locale, currency: current.currency, adopt: setSaved }),
    [current.locale, current.currency],
  );
  return <StudioLocaleContext value={value}>{children}</StudioLocaleContext>;
}

/** The studio's locale and currency, for formatting dates, times and money the studio's way. */
export function useStudioLocale(): StudioLocale {
  return useContext(StudioLocaleContext);
}
