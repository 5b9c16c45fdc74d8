import { createHash } from 'node:crypto';
import { get } from 'node:http';

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  /** Bytes as they crossed the wire (still compressed), and their SHA-256. */
  bodyBytes: number;
  sha256: string;
};

/** A GET that keeps the body compressed, unlike fetch, so two servers' bytes can be compared. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: flat,
          bodyBytes: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
        });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}
