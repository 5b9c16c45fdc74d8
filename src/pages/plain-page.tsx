import type { ReactNode } from 'react';
import { BrandMark } from '../components/brand-mark';
import { site } from '../content/site';

/** The frame of the site's small pages: the brand linking home, one column of content. */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="border-b border-line">
        <div className="mx-auto flex h-18 max-w-3xl items-center px-5 sm:px-8">
          <a
            href="/"
            className="inline-flex items-center gap-2.5 font-display text-xl font-semibold"
          >
            <BrandMark className="size-8" />
            {site.brand}
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-5 py-14 sm:px-8 sm:py-20">
        {children}
      </main>
    </>
  );
}

export function BackHome({ label }: { label: string }) {
  return (
    <p className="mt-10">
      <a
        href="/"
        className="inline-flex min-h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:opacity-90"
      >
        {label}
      </a>
    </p>
  );
}
