import { loadDisplayFace } from '../theme/display-face';
import { showVisitorCallTime, showVisitorTimes, zoneField } from './visitor-times';

// The booking pages' only script (built as its own entry, loaded by /book, the manage link and
// the page of a call booked or moved, never by `/`), imported after the first paint like the
// landing's entry: the headings' display face, the visitor's zone for the form to send, then
// the call's time and each list of slots also in the visitor's zone.
loadDisplayFace();
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-visitor-zone]')) {
  form.append(zoneField());
}
for (const callTime of document.querySelectorAll<HTMLElement>('[data-call-start]')) {
  showVisitorCallTime(callTime);
}
for (const zoneNote of document.querySelectorAll<HTMLElement>('[data-studio-zone]')) {
  showVisitorTimes(zoneNote);
}
