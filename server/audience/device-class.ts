import type { Device } from '../../common/audience';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|SM-T\d|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;

/**
 * phone, tablet or desktop, from the user agent, which is then discarded. An Android without
 * "Mobile" is a tablet by Google's own convention; an iPad that asks for the desktop site
 * says "Macintosh" and is counted as a desktop, as it asked.
 */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return 'tablet';
  return PHONE.test(userAgent) ? 'phone' : 'desktop';
}
