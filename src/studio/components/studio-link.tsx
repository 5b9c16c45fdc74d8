import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../routing/location-store';

type StudioLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  /** Search words for the screen it opens: kept in the page's state, not in `href`. */
  q?: string | null;
};

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A real link (new tab, copy address all work) that changes screens without a page load. A
 * new tab gets the address only: search words never leave the page.
 */
export function StudioLink({ href, q = null, onClick, children, ...rest }: StudioLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href, { q });
      }}
    >
      {children}
    </a>
  );
}
