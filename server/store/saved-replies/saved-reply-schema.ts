/** One saved reply; `position` orders the menu, from 0. */
export type SavedReplyTable = { position: number; title: string; text: string };

export type SavedReplyDatabase = { saved_replies: SavedReplyTable };
