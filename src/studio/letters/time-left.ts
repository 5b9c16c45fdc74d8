/** How many copies of a letter were left to send, and when that was seen (ms since the epoch). */
export type ProgressSample = { at: number; left: number };

const MINUTE = 60_000;

/**
 * The minutes a letter still needs, at the pace seen between two readings of its progress.
 * The sending rate is the server's (LETTER_RATE) and never told to the studio, so the pace
 * observed is the one guide; null while too little has been seen to say.
 */
export function estimateMinutesLeft(first: ProgressSample, latest: ProgressSample): number | null {
  const done = first.left - latest.left;
  const elapsed = latest.at - first.at;
  if (done <= 0 || elapsed <= 0 || latest.left <= 0) return null;
  return Math.max(1, Math.ceil((latest.left * elapsed) / done / MINUTE));
}

/** Per sending letter, its first reading since it (re)started and its latest. */
export type Paces = ReadonlyMap<string, { first: ProgressSample; latest: ProgressSample }>;

type Progress = { id: string; state: string; counts: { left: number } };

/**
 * Adds the readings of `letters` taken at `at`. A letter not sending is forgotten, so its pace
 * after a pause is measured afresh rather than averaged with the time it stood still.
 */
export function recordProgress(paces: Paces, letters: readonly Progress[], at: number): Paces {
  const next = new Map<string, { first: ProgressSample; latest: ProgressSample }>();
  for (const { id, state, counts } of letters) {
    if (state !== 'sending') continue;
    const sample = { at, left: counts.left };
    next.set(id, { first: paces.get(id)?.first ?? sample, latest: sample });
  }
  return next;
}

/** What the studio can say of a sending letter's time to go: minutes, or the copies left. */
export function minutesLeftOf(paces: Paces, id: string): number | null {
  const pace = paces.get(id);
  return pace === undefined ? null : estimateMinutesLeft(pace.first, pace.latest);
}
