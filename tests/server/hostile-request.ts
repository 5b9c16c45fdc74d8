import { request } from 'node:http';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { solvedChallenge } from '../support/challenge-solver';
import type { HostileRequest, Target } from './hostile-cases';

export type HostileResponse = { status: number; headers: Headers; text: string };

const PATHS: Record<Target, string> = {
  contact: CONTACT_ENDPOINT,
  newsletter: NEWSLETTER_ENDPOINT,
  page: '/',
};

const CHUNK_BYTES = 4096;

/** The body with a fresh solution added, JSON or form alike, when the case asks for one. */
async function withSolution(spec: Omit<HostileRequest, 'target'>): Promise<Buffer> {
  const body = Buffer.from(spec.body ?? '');
  if (spec.isSolved !== true) return body;
  const solution = await solvedChallenge();
  const text = body.toString();
  if (spec.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return Buffer.from(`${text}&altcha=${encodeURIComponent(solution)}`);
  }
  if (!text.startsWith('{')) throw new Error('Only a JSON object body can carry a solution.');
  return Buffer.from(`{"altcha":${JSON.stringify(solution)},${text.slice(1)}`);
}

/**
 * Sends the request exactly as described, which fetch cannot: any method with a body, no
 * content type at all, or a chunked body. The server may answer (413) before the whole body is
 * written and close the socket; a write error after the answer arrived is expected then.
 */
export function sendHostile(baseUrl: string, spec: HostileRequest): Promise<HostileResponse> {
  return sendHostileTo(`${baseUrl}${PATHS[spec.target]}`, spec);
}

/** The same, to any URL. */
export async function sendHostileTo(
  url: string,
  spec: Omit<HostileRequest, 'target'>,
): Promise<HostileResponse> {
  const body = spec.body === undefined ? undefined : await withSolution(spec);
  const isChunked = body !== undefined && spec.isChunked === true;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.headers)) {
    if (value !== null) headers[name] = value;
  }
  // Node frames a DELETE body by nothing at all unless told its length.
  if (body !== undefined && !isChunked) headers['content-length'] = String(body.length);
  return new Promise<HostileResponse>((resolve, reject) => {
    let isAnswered = false;
    const outgoing = request(url, { method: spec.method, headers }, (res) => {
      isAnswered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: responseHeaders,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    outgoing.on('error', (error) => {
      if (!isAnswered) reject(error);
    });
    if (body !== undefined && isChunked) {
      for (let offset = 0; offset < body.length; offset += CHUNK_BYTES) {
        outgoing.write(body.subarray(offset, offset + CHUNK_BYTES));
      }
      outgoing.end();
    } else {
      outgoing.end(body);
    }
  });
}
