import type { ReactNode } from 'react';

type LinkButtonProps = {
  href: string;
  variant: 'primary' | 'secondary';
  children: ReactNode;
};

const VARIANTS = {
  primary:
    'bg-ember text-on-ember shadow-lg shadow-ember/25 hover:bg-ember-strong dark:hover:bg-ember-strong',
  secondary: 'border border-ink/20 text-ink hover:border-ink/50 hover:bg-ink/5',
} as const;

/** A link that looks like a button: in-page navigation, so it stays an <a>. */
export function LinkButton({ href, variant, children }: LinkButtonProps) {
  return (
    <a
      href={href}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-7 text-base font-semibold transition-colors ${VARIANTS[variant]}`}
    >
      {children}
    </a>
  );
}
