import type { SpriteIconName } from './sprite-icons';

/**
 * A decorative icon: a box painted in the text's colour through its icon in the icon file, one
 * file the browser fetches as an image when a section below the first screen is laid out (the
 * first response stays small, decision 0066; fetched as an image, it never holds up the largest
 * paint, decision 0084). The control or text beside it carries the name.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className: string }) {
  return <span aria-hidden="true" className={`icon icon-${name} ${className}`} />;
}
