/** The studio's settings: one row, id 1. */
export type StudioSettingsTable = {
  id: number;
  acknowledgement_enabled: number;
  acknowledgement_subject: string;
  acknowledgement_text: string;
  /** BCP 47, e.g. `en-GB`. */
  locale: string;
  /** ISO 4217, e.g. `GBP`. */
  currency: string;
};

export type SettingsDatabase = { studio_settings: StudioSettingsTable };
