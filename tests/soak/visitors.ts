import { ALTCHA_FIELD } from '../../common/challenge';
import { CONTACT_ENDPOINT, IDEMPOTENCY_HEADER, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { SITE_ORIGIN } from '../server/helpers/api-client';
import { HOSTILE_CASES, type HostileCase } from '../server/hostile-cases';
import { sendHostile } from '../server/hostile-request';
import { solvedChallenge } from '../support/challenge-solver';
import type { HttpClient } from './http-client';

export type TrafficCounts = Record<string, number>;

/** An enquiry the soak sent: its marker, and the id of its 201 (null if it got none). */
export type SentEnquiry = { marker: string; id: string | null };

export type VisitorContext = {
  origin: string;
  /** SITE_URL of the server: the Origin its own pages send. */
  siteOrigin: string;
  client: HttpClient;
  /** Paths the home page loads: its scripts, styles, fonts and images. */
  assets: readonly string[];
  random: () => number;
  /** Counts one request of a kind, and one unexpected answer when `expected` is not met. */
  count(kind: string, status: number, expected: number | readonly number[]): void;
  /** A made-up visitor address, so the rate limiter keeps one window per visitor. */
  visitorAddress(): string;
};

const PAGE_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
const HOSTILE_REJECTED: readonly HostileCase[] = HOSTILE_CASES.filter(
  (hostile) => hostile.expected.kind === 'rejected',
);

/** The same-origin paths the HTML refers to, in the order a browser meets them. */
export function assetsOf(html: string): string[] {
  const found = html.matchAll(
    /["\s,(](\/[\w./-]+\.(?:js|css|woff2|avif|webp|png|jpg|svg|ico|webmanifest))\b/g,
  );
  return [...new Set([...found].map((match) => match[1] ?? ''))].filter((path) => path !== '');
}

function etagOf(headers: Record<string, string | string[] | undefined>): string | null {
  const etag = headers.etag;
  return typeof etag === 'string' ? etag : null;
}

/** A first visit: the page and every asset it loads, compressed. */
export async function loadPage(context: VisitorContext): Promise<void> {
  const page = await context.client.send({ method: 'GET', path: '/', headers: PAGE_HEADERS });
  context.count('page', page.status, 200);
  for (const asset of context.assets) {
    const reply = await context.client.send({ method: 'GET', path: asset, headers: PAGE_HEADERS });
    context.count('asset', reply.status, 200);
  }
}

/** A return visit: the page revalidated with the ETag a first visit got (304). */
export async function revalidatePage(context: VisitorContext): Promise<void> {
  const first = await context.client.send({ method: 'HEAD', path: '/', headers: PAGE_HEADERS });
  const etag = etagOf(first.headers);
  context.count('page-head', first.status, 200);
  if (etag === null) return;
  const again = await context.client.send({
    method: 'GET',
    path: '/',
    headers: { ...PAGE_HEADERS, 'if-none-match': etag },
  });
  context.count('conditional', again.status, 304);
}

export async function missPage(context: VisitorContext, serial: number): Promise<void> {
  const reply = await context.client.send({
    method: 'GET',
    path: `/no-such-page-${serial}?from=soak`,
    headers: PAGE_HEADERS,
  });
  context.count('not-found', reply.status, 404);
}

/** One of the hostile requests the server must refuse, sent on its own connection. */
export async function sendHostileRequest(context: VisitorContext): Promise<void> {
  const hostile = HOSTILE_REJECTED[Math.floor(context.random() * HOSTILE_REJECTED.length)];
  if (hostile === undefined || hostile.expected.kind !== 'rejected') return;
  // The cases are written for the test origin; they are sent from the server's own.
  const headers = Object.fromEntries(
    Object.entries(hostile.request.headers).map(([name, value]) => [
      name,
      value === SITE_ORIGIN ? context.siteOrigin : value,
    ]),
  );
  const reply = await sendHostile(context.origin, { ...hostile.request, headers });
  context.count('hostile', reply.status, hostile.expected.status);
}

export async function sendEnquiry(context: VisitorContext, marker: string): Promise<SentEnquiry> {
  const reply = await context.client.send({
    method: 'POST',
    path: CONTACT_ENDPOINT,
    headers: {
      'content-type': 'application/json',
      origin: context.siteOrigin,
      [IDEMPOTENCY_HEADER]: `key-${marker}`,
      'x-forwarded-for': context.visitorAddress(),
    },
    body: JSON.stringify({
      name: 'Soak Visitor',
      email: `${marker}@example.com`,
      service: 'Brand Strategy',
      message: `A new identity for our bakery, please. Reference ${marker}.`,
      [ALTCHA_FIELD]: await solvedChallenge(),
    }),
  });
  context.count('enquiry', reply.status, 201);
  const body: unknown = JSON.parse(reply.body.toString('utf8'));
  const id =
    reply.status === 201 && typeof body === 'object' && body !== null && 'id' in body
      ? String(body.id)
      : null;
  return { marker, id };
}

/** A plain HTML form post with its fields left empty: the server answers with the form page. */
export async function sendIncompleteForm(context: VisitorContext): Promise<void> {
  const reply = await context.client.send({
    method: 'POST',
    path: CONTACT_ENDPOINT,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: context.siteOrigin,
      'x-forwarded-for': context.visitorAddress(),
    },
    body: 'name=&email=&service=&message=',
  });
  context.count('form page', reply.status, 422);
}

/** A sign-up with a solved challenge; true when it was answered as one (a confirmation follows). */
export async function subscribe(context: VisitorContext, serial: number): Promise<boolean> {
  const reply = await context.client.send({
    method: 'POST',
    path: NEWSLETTER_ENDPOINT,
    headers: {
      'content-type': 'application/json',
      origin: context.siteOrigin,
      'x-forwarded-for': context.visitorAddress(),
    },
    body: JSON.stringify({
      email: `reader-${serial}@example.com`,
      [ALTCHA_FIELD]: await solvedChallenge(),
    }),
  });
  context.count('newsletter', reply.status, 200);
  return reply.status === 200;
}
