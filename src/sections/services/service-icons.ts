import type { SiteService } from '../../../common/site-content';
import type { SpriteIconName } from '../../components/sprite-icons';

/** Each service's icon stays code, found by the service's fixed id. */
export const SERVICE_ICONS = {
  'web-design': 'monitor',
  'graphic-design': 'pen-tool',
  'packaging-design': 'package',
  'social-media': 'share-2',
  'marketing-strategy': 'target',
  'corporate-identity': 'fingerprint',
  'wedding-assets': 'gem',
  'tradeshow-booths': 'store',
  presentations: 'presentation',
  'seo-research': 'search',
} as const satisfies Record<SiteService['id'], SpriteIconName>;
