import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../routing/location-store';

type StudioLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A real link (new tab, copy address all work) that changes screens without a page load. */
export function StudioLink({ href, onClick, children, ...rest }: StudioLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
