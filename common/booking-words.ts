/**
 * What a visitor reads while the studio's calendar cannot be read: shared by the API's answer
 * (for any client that shows it) and the site's own words, so it is written once.
 */
export const CALENDAR_AWAY_WORDS =
  "We cannot check the studio's calendar just now, so we cannot book this time. Please try again in a few minutes, or send us a message through the contact form and we will find a time with you.";
