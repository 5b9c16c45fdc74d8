import { showVisitorTimes } from './visitor-times';

// The booking pages' only script (built as its own entry, loaded by /book and the manage link,
// never by `/`): each list of slots also in the visitor's zone.
for (const zoneNote of document.querySelectorAll<HTMLElement>('[data-studio-zone]')) {
  showVisitorTimes(zoneNote);
}
