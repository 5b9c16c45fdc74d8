/**
 * How many saved replies a studio keeps and how long each may be: apart from the rules
 * (saved-replies.ts), so the studio's copy can say them without bringing zod into the inbox's
 * first script. Kept small: the list is a menu beside the reply box, not a library of documents.
 */
export const SAVED_REPLY_LIMITS = {
  count: 10,
  titleLength: 60,
  textLength: 2000,
} as const;
