export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** Structured logging: one JSON object per line. Callers never pass bodies or email addresses. */
export type Log = (level: LogLevel, msg: string, fields?: LogFields) => void;

/**
 * The current time as an ISO string, formatted once per millisecond: under load the access log
 * writes dozens of lines within the same millisecond, and formatting dates is its largest cost.
 */
export function createClock(): () => string {
  let formattedAt = 0;
  let formatted = '';
  return () => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      formatted = new Date(now).toISOString();
    }
    return formatted;
  };
}

export function createJsonLog(write: (line: string) => void): Log {
  const time = createClock();
  return (level, msg, fields) => {
    write(`${JSON.stringify({ time: time(), level, msg, ...fields })}\n`);
  };
}
