import displayFontUrl from '../assets/fonts/fraunces-display.woff2?url';
import {
  DISPLAY_FONT_FAMILY,
  DISPLAY_FONT_UNICODE_RANGE,
  DISPLAY_FONT_WEIGHT_RANGE,
} from './display-font';

/**
 * How long after the navigation began the display face may still change the headings: Google's
 * "good" largest contentful paint. A face that arrives later is not swapped in under a reader's
 * eyes; the browser has cached it, so the next page view shows it at once.
 */
const LATEST_SWAP_MS = 2500;

/**
 * Brings in the headings' display face once the first frame is on screen (the entry runs after
 * the first contentful paint), so the font never shares the first round trips with the HTML or
 * holds back the first paint (docs/decisions/0057). Until it is added, the headings are set in
 * the metric-matched fallback serif of the theme tokens, so the swap moves no line.
 */
export function loadDisplayFace(): void {
  if (typeof FontFace === 'undefined') return;
  const face = new FontFace(DISPLAY_FONT_FAMILY, `url(${displayFontUrl}) format('woff2')`, {
    weight: DISPLAY_FONT_WEIGHT_RANGE,
    unicodeRange: DISPLAY_FONT_UNICODE_RANGE,
  });
  face.load().then(
    () => {
      if (performance.now() <= LATEST_SWAP_MS) document.fonts.add(face);
    },
    // Offline or blocked: the fallback serif is already on screen and stays.
    () => undefined,
  );
}
