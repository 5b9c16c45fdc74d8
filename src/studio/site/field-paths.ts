import { siteCopy } from '../copy';
import { splitPath } from './content-paths';

/** The parts of an image that are chosen together, by uploading it. */
const IMAGE_PARTS = new Set(['width', 'height', 'sources']);

const nameIn = (names: Readonly<Record<string, string>>, key: string) =>
  Object.hasOwn(names, key) ? names[key] : undefined;

/** The element id of a field or list, from its path: `site-hero-tagline`. */
export const fieldIdFor = (path: string) => `site-${path.replaceAll('.', '-')}`;

/** The field a problem is shown at: an image's parts are shown at the image. */
export function fieldPathOf(path: string): string {
  const keys = splitPath(path);
  const image = keys.indexOf('image');
  return image >= 0 && IMAGE_PARTS.has(keys[image + 1] ?? '')
    ? keys.slice(0, image + 1).join('.')
    : path;
}

/** A field's path in words: `testimonials.items.0.quote` → "Testimonials › Testimonial 1 › Quote". */
export function describePath(path: string): string {
  const keys = splitPath(fieldPathOf(path));
  if (keys.length === 0 || path === '(document)') return siteCopy.title;
  const parts: string[] = [];
  let list = '';
  keys.forEach((key, index) => {
    if (/^\d+$/.test(key)) {
      parts.push(`${nameIn(siteCopy.itemNames, list) ?? siteCopy.fields.items} ${Number(key) + 1}`);
    } else if (index === 0) {
      parts.push(nameIn(siteCopy.sections, key) ?? key);
      list = key;
    } else if (key !== 'items') {
      parts.push(nameIn(siteCopy.fields, key) ?? key);
      list = key;
    }
  });
  return parts.join(' › ');
}
