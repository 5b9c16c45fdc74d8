import type { Device } from '../../common/audience';
import { classifiedPart } from './user-agent-prefix';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|SM-T\d/i;
// "Android … Mobile" holds "Mobi" already.
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i;

/**
 * An Android with no "Mobile" after it. Two scans of the text rather than a lookahead such as
 * `Android(?!.*Mobile)`, which reads the rest of the text again at every "Android".
 */
function isAndroidTablet(userAgent: string): boolean {
  const lower = userAgent.toLowerCase();
  return lower.lastIndexOf('android') > lower.lastIndexOf('mobile');
}

/**
 * phone, tablet or desktop, from the first CLASSIFIED_LENGTH characters of the user agent,
 * which is then discarded. An Android without "Mobile" is a tablet by Google's own convention;
 * an iPad that asks for the desktop site says "Macintosh" and is counted as a desktop, as it
 * asked.
 */
export function deviceOf(userAgent: string): Device {
  const classified = classifiedPart(userAgent);
  if (TABLET.test(classified) || isAndroidTablet(classified)) return 'tablet';
  return PHONE.test(classified) ? 'phone' : 'desktop';
}
