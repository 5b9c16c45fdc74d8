import { ArrowLeft } from 'lucide-react';
import { enquiryCopy } from '../copy';
import { lastInboxPlace } from '../routing/location-store';
import { BUTTON } from './button-classes';
import { StudioLink } from './studio-link';

/** Back to the inbox as it was left: its filters and its search words. */
export function BackToInbox() {
  const { href, q } = lastInboxPlace();
  return (
    <StudioLink
      href={href}
      q={q}
      className={`${BUTTON.quiet} inline-flex items-center gap-2 self-start`}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {enquiryCopy.back}
    </StudioLink>
  );
}
