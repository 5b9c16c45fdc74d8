export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** Structured logging: one JSON object per line. Callers never pass bodies or email addresses. */
export type Log = (level: LogLevel, msg: string, fields?: LogFields) => void;

export function createJsonLog(write: (line: string) => void): Log {
  return (level, msg, fields) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  };
}
