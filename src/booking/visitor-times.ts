import { zoneCityOf } from '../../common/zone-city';
import { visitorTimeOf } from './visitor-time';

/** The visitor's own choice of zone, kept across visits to /book and the manage link. */
const CHOSEN_ZONE_KEY = 'booking-time-zone';

/** A zone Intl knows, or null: a stored value is the browser's to change, not ours to trust. */
function knownZone(zone: string | null): string | null {
  try {
    return zone === null
      ? null
      : new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function storedZone(): string | null {
  try {
    return knownZone(localStorage.getItem(CHOSEN_ZONE_KEY));
  } catch {
    return null;
  }
}

function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The booking form's hidden `timeZone`, filled with the visitor's zone (chosen before, or their
 * device's), so the call keeps it and their emails give its time there too. Without script the
 * form's own list of zones (in a noscript) is posted instead.
 */
export function zoneField(): HTMLInputElement {
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'timeZone';
  field.value = storedZone() ?? deviceZone();
  return field;
}

/**
 * Adds the visitor's own start time under a booked or moved call's time, which the server said
 * in the studio's zone: "Your time: 04:30 Chicago". Nothing for a visitor in the studio's zone.
 */
export function showVisitorCallTime(callTime: HTMLElement): void {
  const studioZone = callTime.dataset.callZone ?? '';
  const start = new Date(callTime.dataset.callStart ?? '');
  const zone = storedZone() ?? deviceZone();
  if (zone === studioZone || Number.isNaN(start.getTime())) return;
  const line = document.createElement('span');
  line.className = 'mt-1 block text-base font-normal text-ink-muted';
  line.textContent = `Your time: ${visitorTimeOf(start, studioZone, zone)} ${zoneCityOf(zone)}`;
  callTime.append(line);
}

/**
 * Adds the visitor's own time under each slot the server rendered in the studio's zone, and a
 * "Your time" choice of zone that re-labels them and is remembered. The studio's zone label and
 * times stay as they are, and the form still posts each slot's UTC start (its radio's value):
 * nothing is shifted, only said twice. A visitor in the studio's zone sees nothing more, unless
 * they once chose another zone.
 */
export function showVisitorTimes(zoneNote: HTMLElement): void {
  const studioZone = zoneNote.dataset.studioZone ?? '';
  const stored = storedZone();
  const chosen = stored ?? deviceZone();
  if (stored === null && chosen === studioZone) return;

  const select = document.createElement('select');
  for (const zone of new Set([chosen, ...Intl.supportedValuesOf('timeZone')])) {
    select.add(new Option(zone.replaceAll('_', ' '), zone));
  }
  select.value = chosen;
  select.className = 'ml-2 min-h-11 max-w-56 rounded-xl border border-line bg-paper px-3';
  const line = document.createElement('label');
  line.className = 'mt-2 block text-sm';
  line.append('Your time:', select);
  zoneNote.after(line);

  const radios = zoneNote.closest('fieldset')?.querySelectorAll<HTMLInputElement>('[name=start]');
  const stamps = [...(radios ?? [])].map((radio) => {
    const stamp = document.createElement('span');
    stamp.className = 'block text-xs text-ink-muted';
    radio.nextElementSibling?.append(stamp);
    return { start: new Date(radio.value), stamp };
  });
  const relabel = () => {
    const zone = select.value;
    for (const { start, stamp } of stamps) {
      stamp.textContent =
        zone === studioZone ? '' : `${visitorTimeOf(start, studioZone, zone)} ${zoneCityOf(zone)}`;
    }
  };
  select.addEventListener('change', () => {
    const field = zoneNote.closest('form')?.querySelector<HTMLInputElement>('[name=timeZone]');
    if (field) field.value = select.value;
    try {
      localStorage.setItem(CHOSEN_ZONE_KEY, select.value);
    } catch {
      // A browser that keeps nothing still shows the chosen zone on this page.
    }
    relabel();
  });
  relabel();
}
