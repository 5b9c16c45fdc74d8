import type { LucideIcon } from 'lucide-react';
import {
  Award,
  CalendarClock,
  Fingerprint,
  Gem,
  Mail,
  Monitor,
  Package,
  PenTool,
  Phone,
  Presentation,
  Quote,
  Search,
  Share2,
  Store,
  Target,
} from 'lucide-react';

/**
 * Lucide's icons (ISC licence) for the sections below the first screen, drawn from one file,
 * src/assets/icons/sprite.svg, that scripts/icons/write-icon-sprite.ts makes from this list.
 * Only that script imports the icons themselves; the page imports the names.
 */
export const SPRITE_ICONS = {
  award: Award,
  'calendar-clock': CalendarClock,
  fingerprint: Fingerprint,
  gem: Gem,
  mail: Mail,
  monitor: Monitor,
  package: Package,
  'pen-tool': PenTool,
  phone: Phone,
  presentation: Presentation,
  quote: Quote,
  search: Search,
  'share-2': Share2,
  store: Store,
  target: Target,
} as const satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE_ICONS;
