import { SITE_STYLESHEET_STAND_IN } from '../../common/site-stylesheet';

/**
 * The whole stylesheet, linked where the first screen ends: the browser paints what comes
 * before it from the rules inlined in the head, and lays out nothing after it until the file
 * has arrived, so no section is ever seen unstyled (decision 0079).
 */
export function StylesheetAfterFirstScreen() {
  return <link rel="stylesheet" href={SITE_STYLESHEET_STAND_IN} />;
}
