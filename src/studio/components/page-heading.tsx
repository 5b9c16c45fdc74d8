import { useEffect, useRef } from 'react';
import { frameCopy } from '../copy';

type PageHeadingProps = { title: string; documentTitle?: string; className?: string };

/**
 * A screen's h1. When a screen opens, focus moves here, so keyboard and screen reader users
 * start at the top of what changed, and the tab title names the screen.
 */
export function PageHeading({ title, documentTitle = title, className = '' }: PageHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    document.title = frameCopy.documentTitle(documentTitle);
  }, [documentTitle]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      className={`font-display text-3xl leading-tight font-semibold tracking-tight break-words focus:outline-none sm:text-4xl ${className}`}
    >
      {title}
    </h1>
  );
}
