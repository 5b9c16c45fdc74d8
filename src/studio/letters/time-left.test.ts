import { describe, expect, it } from 'vitest';
import { estimateMinutesLeft, minutesLeftOf, recordProgress } from './time-left';

describe('the time a letter still needs', () => {
  it('follows the pace seen between two readings', () => {
    // 100 copies a minute, 450 left: four and a half minutes, said as five.
    expect(estimateMinutesLeft({ at: 0, left: 550 }, { at: 60_000, left: 450 })).toBe(5);
    expect(estimateMinutesLeft({ at: 0, left: 20 }, { at: 60_000, left: 10 })).toBe(1);
  });

  it('says nothing before any copy is seen to leave, or once none is left', () => {
    expect(estimateMinutesLeft({ at: 0, left: 500 }, { at: 60_000, left: 500 })).toBeNull();
    expect(estimateMinutesLeft({ at: 0, left: 500 }, { at: 0, left: 500 })).toBeNull();
    expect(estimateMinutesLeft({ at: 0, left: 500 }, { at: 60_000, left: 0 })).toBeNull();
  });
});

describe('the readings kept of sending letters', () => {
  const sending = (left: number) => ({ id: 'l-1', state: 'sending', counts: { left } });

  it('measures from the first reading of a send to the latest', () => {
    let paces = recordProgress(new Map(), [sending(300)], 0);
    paces = recordProgress(paces, [sending(250)], 30_000);
    paces = recordProgress(paces, [sending(200)], 60_000);
    expect(minutesLeftOf(paces, 'l-1')).toBe(2);
  });

  it('starts afresh after a pause', () => {
    let paces = recordProgress(new Map(), [sending(300)], 0);
    paces = recordProgress(paces, [{ ...sending(200), state: 'paused' }], 60_000);
    paces = recordProgress(paces, [sending(200)], 600_000);
    expect(minutesLeftOf(paces, 'l-1')).toBeNull();
    paces = recordProgress(paces, [sending(100)], 660_000);
    expect(minutesLeftOf(paces, 'l-1')).toBe(1);
  });
});
