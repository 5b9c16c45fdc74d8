import { ALTCHA_FIELD } from '../../../common/challenge';
import { solvedChallenge } from '../../support/challenge-solver';

export const SITE_ORIGIN = 'https://emberandink.example';

export type ApiCall = { status: number; headers: Headers; body: unknown };

/**
 * An object body gets a fresh solved challenge, as the site's script adds one, unless it names
 * the `altcha` field itself (`altcha: undefined` sends none).
 */
async function withSolution(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (typeof body !== 'object' || body === null || ALTCHA_FIELD in body) {
    return JSON.stringify(body);
  }
  return JSON.stringify({ ...body, [ALTCHA_FIELD]: await solvedChallenge() });
}

/** POSTs JSON the way the site's own form does: same-origin, application/json. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiCall> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, ...headers },
    body: await withSolution(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

let counter = 0;

/** A valid enquiry whose email address is unique in this run, so rows and emails can be told apart. */
export function validEnquiry(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Ann Lee',
    email: `ann.lee+${Date.now()}.${counter}@example.com`,
    service: 'Brand Strategy',
    message: 'We would like a new brand for our bakery.',
    ...overrides,
  };
}

/** The id of a successful answer; fails the test when the answer has none. */
export function idOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'success' in body && body.success === true) {
    if ('id' in body && typeof body.id === 'string' && body.id !== '') return body.id;
  }
  throw new Error(`Expected { success: true, id }, got ${JSON.stringify(body)}`);
}

/** The error code of a failed answer; fails the test when there is none. */
export function errorOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'success' in body && body.success === false) {
    if ('error' in body && typeof body.error === 'string' && body.error !== '') return body.error;
  }
  throw new Error(`Expected { success: false, error }, got ${JSON.stringify(body)}`);
}
