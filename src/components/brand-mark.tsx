/** The studio's mark: an ink drop with an ember flame. Decorative; the brand name sits beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <circle cx="16" cy="16" r="16" className="fill-ink" />
      <path
        d="M16 6c3.6 4.2 6.5 7.7 6.5 11.6A6.5 6.5 0 0 1 9.5 17.6c0-2.3 1.1-4.3 2.7-6.2.3 2 1.3 3.4 2.7 4-.6-3.4.2-6.5 1.1-9.4Z"
        className="fill-ember"
      />
    </svg>
  );
}
