/**
 * What the server's settings change on the landing page beside its content document: with
 * BOOKING=off there is no /book, so the contact section's visit line offers no link to it.
 */
export type LandingOptions = { isBookingOn: boolean };

/** The build's page, which the server renders again at start with its own settings. */
export const BUILD_LANDING: LandingOptions = { isBookingOn: true };
