import {
  hashReplyToken,
  mintReplyToken,
  readReplyToken,
  replyAddressWithToken,
} from './reply-token';

/** The per-thread reply addresses, for sending replies and for matching the answers. */
export type ReplyThreads = {
  /** The Reply-To of the studio's replies in the enquiry's thread; null without REPLY_ADDRESS. */
  replyAddressFor: (enquiryId: string) => string | null;
  /** What the thread stores of its token (a SHA-256); null without REPLY_ADDRESS. */
  tokenHashFor: (enquiryId: string) => string | null;
  /** The token hashes in `addresses` that are REPLY_ADDRESS's `+<token>` form. */
  tokenHashesIn: (addresses: readonly string[]) => string[];
};

/** `secret` is the server's own (CHALLENGE_SECRET or the key kept in DATA_DIR). */
export function createReplyThreads(options: {
  secret: string;
  replyAddress: string | null;
}): ReplyThreads {
  const { secret, replyAddress } = options;
  return {
    replyAddressFor: (enquiryId) =>
      replyAddress === null
        ? null
        : replyAddressWithToken(replyAddress, mintReplyToken(secret, enquiryId)),
    tokenHashFor: (enquiryId) =>
      replyAddress === null ? null : hashReplyToken(mintReplyToken(secret, enquiryId)),
    tokenHashesIn: (addresses) =>
      replyAddress === null
        ? []
        : addresses.flatMap((address) => {
            const token = readReplyToken(replyAddress, address);
            return token === null ? [] : [hashReplyToken(token)];
          }),
  };
}
