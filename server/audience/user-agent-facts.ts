import { isbot } from 'isbot';
import type { Device } from '../../common/audience';
import { remembered } from '../remembered';
import { deviceOf } from './device-class';
import { classifiedPart } from './user-agent-prefix';

export type UserAgentFacts = { isBot: boolean; device: Device };

/** Distinct user agents remembered; past it the memory starts over. */
const REMEMBERED = 1_000;

const NO_USER_AGENT: UserAgentFacts = { isBot: true, device: 'desktop' };

/**
 * Whether a user agent is a bot (isbot's maintained list) and which device it is, both read
 * from its first CLASSIFIED_LENGTH characters. The list is hundreds of patterns in one
 * expression and a busy page sees the same few browsers over and over, so each is classified
 * once and remembered, in memory only, at most REMEMBERED of them: agents that differ only past
 * that length are one. No user agent at all is a script, not a browser.
 */
export function createUserAgentFacts(): (userAgent: string | undefined) => UserAgentFacts {
  const classify = remembered(
    (classified): UserAgentFacts => ({ isBot: isbot(classified), device: deviceOf(classified) }),
    { limit: REMEMBERED },
  );
  return (userAgent) =>
    userAgent === undefined ? NO_USER_AGENT : classify(classifiedPart(userAgent));
}
