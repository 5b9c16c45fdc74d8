import { describe, expect, it } from 'vitest';
import { createJobSlots } from './job-slots';

describe('job slots', () => {
  it('runs at most `size` jobs, hands a freed slot to the first waiter', async () => {
    const slots = createJobSlots({ size: 2, maxWaitMs: 1000 });
    const first = await slots.acquire();
    const second = await slots.acquire();
    const third = slots.acquire();
    expect(slots.running()).toBe(2);
    first?.();
    first?.();
    const handedOver = await third;
    expect(handedOver).not.toBeNull();
    expect(slots.running()).toBe(2);
    second?.();
    handedOver?.();
    expect(slots.running()).toBe(0);
  });

  it('gives up on a waiter after maxWaitMs, and forgets it', async () => {
    const slots = createJobSlots({ size: 1, maxWaitMs: 20 });
    const only = await slots.acquire();
    expect(await slots.acquire()).toBeNull();
    only?.();
    expect(slots.running()).toBe(0);
    expect(await slots.acquire()).not.toBeNull();
  });
});
