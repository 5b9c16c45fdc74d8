/**
 * A disabled button of any kind: no fill, a dashed outline and muted text. Opacity alone left a
 * disabled ember button bright orange on the dark theme, which read as ready to press. Listed
 * after the kinds' hover colours, so Tailwind's variant order lets it win over them.
 */
const DISABLED =
  'disabled:cursor-not-allowed disabled:border disabled:border-dashed disabled:border-ink-muted disabled:bg-transparent disabled:text-ink-muted';

const BASE = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors ${DISABLED}`;

/** The studio's button looks, for <button> and for links that act as one. */
export const BUTTON = {
  primary: `${BASE} bg-ember text-on-ember hover:bg-ember-strong`,
  secondary: `${BASE} border border-ink/25 text-ink hover:border-ink/60 hover:bg-ink/5`,
  danger: `${BASE} border border-danger/60 text-danger hover:bg-danger/10`,
  /** A round button that shows only an icon; its name is its aria-label. */
  icon: `inline-flex size-11 items-center justify-center rounded-full border border-ink/25 text-ink hover:bg-ink/5 ${DISABLED}`,
  quiet:
    'font-semibold text-ember underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-ink-muted disabled:no-underline',
} as const;
