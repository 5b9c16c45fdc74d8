import { isbot } from 'isbot';
import type { Device } from '../../common/audience';
import { remembered } from '../remembered';
import { deviceOf } from './device-class';

export type UserAgentFacts = { isBot: boolean; device: Device };

/** Distinct user agents remembered; past it the memory starts over. */
const REMEMBERED = 1_000;
/** Longer user agents are classified every time rather than held: a real browser's is shorter. */
const LONGEST_REMEMBERED = 512;

const NO_USER_AGENT: UserAgentFacts = { isBot: true, device: 'desktop' };

/**
 * Whether a user agent is a bot (isbot's maintained list) and which device it is. The list is
 * hundreds of patterns in one expression and a busy page sees the same few browsers over and
 * over, so each user agent is classified once and remembered, in memory only, at most
 * REMEMBERED of them. No user agent at all is a script, not a browser.
 */
export function createUserAgentFacts(): (userAgent: string | undefined) => UserAgentFacts {
  const classify = remembered(
    (userAgent): UserAgentFacts => ({ isBot: isbot(userAgent), device: deviceOf(userAgent) }),
    { limit: REMEMBERED, keeps: (userAgent) => userAgent.length <= LONGEST_REMEMBERED },
  );
  return (userAgent) => (userAgent === undefined ? NO_USER_AGENT : classify(userAgent));
}
