/** First focusable element: keyboard users jump past the navigation to the content. */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href="#main"
      className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-full bg-ink px-5 py-3 font-semibold text-paper transition-transform focus:translate-y-0"
    >
      {label}
    </a>
  );
}
