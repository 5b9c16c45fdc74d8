/** The public pages of the letters (DESIGN.md, "Letters (names)"). */
export const LETTERS_PATH = '/letters';
export const LETTERS_FEED_PATH = '/letters/feed.xml';

/** A sent letter's own page. */
export const letterPath = (slug: string) => `${LETTERS_PATH}/${encodeURIComponent(slug)}`;
