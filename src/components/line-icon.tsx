/**
 * Lucide's outlines (ISC licence) for the controls that hydrate at the first tap, drawn as one
 * path each: lucide-react's icon runtime would cost the first tap more than these icons do.
 */
export const LINE_ICONS = {
  menu: 'M4 5h16M4 12h16M4 19h16',
  close: 'M18 6 6 18M6 6l12 12',
  sun: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41',
  moon: 'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401',
  monitor: 'M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 21h8M12 17v4',
} as const;

export type LineIconName = keyof typeof LINE_ICONS;

/** A decorative 24×24 outline icon; the control around it carries the name. */
export function LineIcon({ name, className }: { name: LineIconName; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={LINE_ICONS[name]} />
    </svg>
  );
}
