import { ALTCHA_FIELD } from '../../common/challenge';
import { BOOKING_ENDPOINT } from '../../common/booking-request';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { solvedChallenge } from '../../tests/support/challenge-solver';
import type { Instance } from './instances';
import { nextSlot } from './slots';

export type Kind = 'page' | 'enquiry' | 'booking' | 'sign-in' | 'inbox' | 'reply' | 'stage';

/** One answer (or a request that got none: status 0), by whom, sent when (epoch ms). */
export type Answer = {
  kind: Kind;
  instance: string;
  build: string;
  at: number;
  status: number;
  id?: string;
};

export type LoadOptions = {
  siteUrl: string;
  challengeSecret: string;
  staff: { email: string; password: string };
};

/** The instances the balancer sends to; an instance taken out gets no new request. */
export type Balancer = { live: Instance[]; turn: number };

function pick(balancer: Balancer): Instance {
  const instance = balancer.live[balancer.turn % balancer.live.length];
  balancer.turn += 1;
  if (instance === undefined) throw new Error('No instance is live');
  return instance;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function idIn(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string'
    ? body.id
    : undefined;
}

/**
 * Mixed traffic through `balancer` until `stopped` says so: visitors reading the page, sending
 * enquiries and booking calls, and staff opening, answering and moving leads. Every answer,
 * and every request that got none, is recorded.
 */
export function runMixedLoad(
  balancer: Balancer,
  options: LoadOptions,
  stopped: () => boolean,
): { answers: Answer[]; done: Promise<void> } {
  const answers: Answer[] = [];
  const acknowledgedEnquiries: string[] = [];
  let cookie = '';

  async function send(kind: Kind, pathname: string, init: RequestInit = {}): Promise<unknown> {
    const instance = pick(balancer);
    instance.inFlight += 1;
    const answer: Answer = {
      kind,
      instance: instance.name,
      build: instance.build.label,
      at: Date.now(),
      status: 0,
    };
    answers.push(answer);
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}${pathname}`, {
        ...init,
        headers: {
          origin: options.siteUrl,
          'content-type': 'application/json',
          cookie,
          ...init.headers,
        },
      });
      answer.status = response.status;
      if (kind === 'sign-in') cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
      const text = await response.text();
      const body: unknown = text.startsWith('{') ? JSON.parse(text) : null;
      answer.id = response.status === 201 ? idIn(body) : undefined;
      return body;
    } catch {
      return null;
    } finally {
      instance.inFlight -= 1;
    }
  }

  const withChallenge = async (body: Record<string, unknown>) =>
    JSON.stringify({
      ...body,
      [ALTCHA_FIELD]: await solvedChallenge({ secret: options.challengeSecret }),
    });

  async function visitor(): Promise<void> {
    while (!stopped()) {
      await send('page', '/');
      await pause(25);
    }
  }

  async function enquirer(worker: number): Promise<void> {
    for (let count = 0; !stopped(); count += 1) {
      const body = await withChallenge({
        name: 'Ann Lee',
        email: `ann.${worker}.${count}.${Date.now()}@example.com`,
        service: 'Brand Strategy',
        message: 'We would like a new brand for our bakery.',
      });
      const id = idIn(await send('enquiry', CONTACT_ENDPOINT, { method: 'POST', body }));
      if (id !== undefined) acknowledgedEnquiries.push(id);
      await pause(100);
    }
  }

  async function booker(): Promise<void> {
    for (let count = 0; !stopped(); count += 1) {
      const body = await withChallenge({
        start: nextSlot(count),
        name: 'Bo Chen',
        email: `bo.${count}.${Date.now()}@example.com`,
        note: 'A call about our packaging.',
      });
      await send('booking', BOOKING_ENDPOINT, { method: 'POST', body });
      await pause(500);
    }
  }

  async function staffMember(): Promise<void> {
    await send('sign-in', '/api/studio/session', {
      method: 'POST',
      body: JSON.stringify(options.staff),
    });
    for (let count = 0; !stopped(); count += 1) {
      await send('inbox', '/api/studio/enquiries');
      const id = acknowledgedEnquiries[count % Math.max(1, acknowledgedEnquiries.length)];
      if (id !== undefined) {
        await send('reply', `/api/studio/enquiries/${id}/replies`, {
          method: 'POST',
          body: JSON.stringify({ text: `Thank you, we will call you. (${count})` }),
        });
        await send('stage', `/api/studio/enquiries/${id}`, {
          method: 'PATCH',
          body: JSON.stringify({ stage: count % 2 === 0 ? 'proposal' : 'contacted' }),
        });
      }
      await pause(150);
    }
  }

  const done = Promise.all([
    visitor(),
    visitor(),
    enquirer(1),
    enquirer(2),
    booker(),
    staffMember(),
  ]).then(() => undefined);
  return { answers, done };
}
