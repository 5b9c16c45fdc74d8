import * as z from 'zod/mini';
import { multiLineText, singleLineText } from './fields';
import { SAVED_REPLY_LIMITS } from './saved-reply-limits';

export { SAVED_REPLY_LIMITS };

/** A reply the studio sends often; its title names it in the reply box's menu. */
export const SavedReplySchema = z.strictObject({
  title: singleLineText(SAVED_REPLY_LIMITS.titleLength),
  text: multiLineText(SAVED_REPLY_LIMITS.textLength),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;

/** The whole list, in menu order; titles are unique (ignoring case) so each names one reply. */
export const SavedRepliesSchema = z.strictObject({
  items: z.array(SavedReplySchema).check(
    z.maxLength(SAVED_REPLY_LIMITS.count),
    z.refine(
      (items) => new Set(items.map(({ title }) => title.toLowerCase())).size === items.length,
      'Each saved reply needs its own title',
    ),
  ),
});
export type SavedReplies = z.infer<typeof SavedRepliesSchema>;
