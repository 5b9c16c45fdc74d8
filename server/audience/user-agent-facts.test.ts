import { describe, expect, it } from 'vitest';
import { createUserAgentFacts } from './user-agent-facts';
import { CLASSIFIED_LENGTH } from './user-agent-prefix';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the facts of a user agent', () => {
  it('tell a browser from a bot, and no user agent at all is a bot', () => {
    const factsOf = createUserAgentFacts();
    expect(factsOf(CHROME_ON_WINDOWS)).toEqual({ isBot: false, device: 'desktop' });
    expect(factsOf('Googlebot/2.1 (+http://www.google.com/bot.html)').isBot).toBe(true);
    expect(factsOf(undefined)).toEqual({ isBot: true, device: 'desktop' });
  });

  it('come from the first characters of a crafted agent alone', () => {
    const crafted = `${'Android'.repeat(2300)}Mobile`;
    expect(createUserAgentFacts()(crafted)).toEqual(
      createUserAgentFacts()(crafted.slice(0, CLASSIFIED_LENGTH)),
    );
    expect(createUserAgentFacts()(crafted).device).toBe('tablet');
  });

  it('never read past the first characters, neither for bots nor for devices', () => {
    const padded = CHROME_ON_WINDOWS.padEnd(CLASSIFIED_LENGTH, ' ');
    const factsOf = createUserAgentFacts();
    expect(factsOf(`${padded} Googlebot/2.1 iPhone Mobile`)).toEqual({
      isBot: false,
      device: 'desktop',
    });
  });
});
