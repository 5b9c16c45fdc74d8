const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** The studio's button looks, for <button> and for links that act as one. */
export const BUTTON = {
  primary: `${BASE} bg-ember text-on-ember hover:bg-ember-strong`,
  secondary: `${BASE} border border-ink/25 text-ink hover:border-ink/60 hover:bg-ink/5`,
  danger: `${BASE} border border-danger/60 text-danger hover:bg-danger/10`,
  quiet: 'font-semibold text-ember underline-offset-4 hover:underline',
} as const;
