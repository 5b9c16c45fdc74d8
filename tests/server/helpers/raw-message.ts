import { randomUUID } from 'node:crypto';

/** A plain-text email as a mail server stores it: a fresh Message-ID and Date, then `headers`. */
export function rawMessage(headers: Record<string, string>, body: string): string {
  const lines = Object.entries({
    'Message-ID': `<${randomUUID()}@client.example>`,
    Date: new Date().toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}\r\n`;
}
