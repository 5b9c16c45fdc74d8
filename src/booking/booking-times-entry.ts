import { loadDisplayFace } from '../theme/display-face';
import { showVisitorTimes } from './visitor-times';

// The booking pages' only script (built as its own entry, loaded by /book and the manage link,
// never by `/`), imported after the first paint like the landing's entry: the headings' display
// face, then each list of slots also in the visitor's zone.
loadDisplayFace();
for (const zoneNote of document.querySelectorAll<HTMLElement>('[data-studio-zone]')) {
  showVisitorTimes(zoneNote);
}
