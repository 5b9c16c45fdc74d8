import spriteUrl from '../assets/icons/sprite.svg?url';
import type { SpriteIconName } from './sprite-icons';

/**
 * A decorative icon drawn from the icon file: a few bytes in the page instead of its outline,
 * which the browser fetches once, when a section below the first screen is laid out (the
 * first response stays small, decision 0066). The control or text beside it carries the name.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
