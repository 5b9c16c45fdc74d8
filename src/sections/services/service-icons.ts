import type { LucideIcon } from 'lucide-react';
import {
  Fingerprint,
  Gem,
  Monitor,
  Package,
  PenTool,
  Presentation,
  Search,
  Share2,
  Store,
  Target,
} from 'lucide-react';
import type { SiteService } from '../../../common/site-content';

/** Each service's icon stays code, found by the service's fixed id. */
export const SERVICE_ICONS = {
  'web-design': Monitor,
  'graphic-design': PenTool,
  'packaging-design': Package,
  'social-media': Share2,
  'marketing-strategy': Target,
  'corporate-identity': Fingerprint,
  'wedding-assets': Gem,
  'tradeshow-booths': Store,
  presentations: Presentation,
  'seo-research': Search,
} as const satisfies Record<SiteService['id'], LucideIcon>;
