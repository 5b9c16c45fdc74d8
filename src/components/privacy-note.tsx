/** One short line beside a form's button, pointing to what happens to the visitor's details. */
export function PrivacyNote({
  text,
  linkLabel,
  href,
}: {
  text: string;
  linkLabel: string;
  href: string;
}) {
  return (
    <p className="text-sm text-ink-muted">
      {text}{' '}
      <a
        href={href}
        className="inline-flex min-h-6 items-center font-medium underline underline-offset-4 hover:text-ember"
      >
        {linkLabel}
      </a>
    </p>
  );
}
