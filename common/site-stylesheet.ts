/**
 * Where the landing page links its whole stylesheet: right after the first screen, whose own
 * rules are inlined in the head (decision 0079). The page renders the link with this stand-in
 * address; the landing template puts the build's hashed file in its place. Page text is
 * escaped, so nothing typed into the content can produce this tag.
 */
export const SITE_STYLESHEET_STAND_IN = '/assets/site-stylesheet';
