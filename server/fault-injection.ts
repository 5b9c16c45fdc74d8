import type { Log } from './log';

/**
 * The two moments a crash costs the most, where a test may hold the server still and kill it:
 * after the store committed an enquiry but before the visitor got the answer, and after the SMTP
 * server accepted an email but before the outbox recorded it as sent.
 */
export const FAULT_POINTS = ['after-commit', 'after-smtp-accept'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export type FaultInjection = { point: FaultPoint; ms: number } | null;

/** Pauses at `point` when the test setting names it, after logging "paused at <point>". */
export type PauseAt = (point: FaultPoint, fields: Record<string, string>) => Promise<void>;

export const FAULT_INJECTION_VARIABLE = 'FAULT_INJECTION_PAUSE';
const MAX_PAUSE_MS = 60_000;
const SETTING = /^([a-z-]+):(\d{1,5})$/;

function isFaultPoint(name: string): name is FaultPoint {
  return (FAULT_POINTS as readonly string[]).includes(name);
}

/**
 * Reads `FAULT_INJECTION_PAUSE=<point>:<ms>`, e.g. `after-commit:2000`, for the crash proof. It
 * exists to let a test aim a SIGKILL, so a production start (NODE_ENV=production) refuses it.
 * Returns the problem as a sentence, or the setting.
 */
export function readFaultInjection(
  raw: string | undefined,
  nodeEnv: string | undefined,
): FaultInjection | string {
  if (raw === undefined || raw.trim() === '') return null;
  if (nodeEnv === 'production') {
    return `${FAULT_INJECTION_VARIABLE} is for tests only and is refused when NODE_ENV=production.`;
  }
  const match = SETTING.exec(raw.trim());
  const point = match?.[1] ?? '';
  const ms = Number(match?.[2]);
  if (!isFaultPoint(point) || ms < 1 || ms > MAX_PAUSE_MS) {
    return `${FAULT_INJECTION_VARIABLE} must be ${FAULT_POINTS.join(' or ')} and a pause of 1 to ${MAX_PAUSE_MS} ms, such as after-commit:2000, got "${raw}".`;
  }
  return { point, ms };
}

const noPause: PauseAt = () => Promise.resolve();

export function createPauseAt(setting: FaultInjection, log: Log): PauseAt {
  if (setting === null) return noPause;
  return (point, fields) => {
    if (point !== setting.point) return Promise.resolve();
    log('warn', `paused at ${point}`, { ...fields, ms: setting.ms });
    return new Promise((resolve) => setTimeout(resolve, setting.ms));
  };
}
