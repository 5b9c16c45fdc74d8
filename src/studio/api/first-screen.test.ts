import { describe, expect, it } from 'vitest';
import { firstScreenOf } from './first-screen';

const DRAWN_AT = Date.parse('2026-11-28T09:00:00Z');

describe('the first screen the page came with', () => {
  it('gives each answer until the screen that showed it has taken it', () => {
    const screen = firstScreenOf({
      now: DRAWN_AT,
      answers: { '/api/studio/me': { name: 'Ann' }, '/api/studio/leads': { items: [] } },
    });
    expect(screen.answerTo('/api/studio/me')).toEqual({ name: 'Ann' });
    expect(screen.answerTo('/api/studio/me'), 'a second render reads it too').toEqual({
      name: 'Ann',
    });
    screen.take('/api/studio/me');
    expect(screen.answerTo('/api/studio/me')).toBeUndefined();
    expect(screen.answerTo('/api/studio/settings'), 'never in the page').toBeUndefined();
  });

  it('counts days from when it was drawn until every answer is on screen, then from now', () => {
    const screen = firstScreenOf({ now: DRAWN_AT, answers: { '/api/studio/leads': {} } });
    expect(screen.now()).toBe(DRAWN_AT);
    screen.take('/api/studio/leads');
    expect(screen.now()).toBeGreaterThan(DRAWN_AT);
  });

  it('answers nothing on a page the server did not draw', () => {
    const screen = firstScreenOf(null);
    expect(screen.answerTo('/api/studio/me')).toBeUndefined();
    expect(screen.now()).toBeGreaterThan(DRAWN_AT);
  });
});
