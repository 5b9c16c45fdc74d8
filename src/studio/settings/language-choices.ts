import type { SelectChoice } from '../components/select-field';

/**
 * The languages and regions a studio is likely to write in, as BCP 47 tags: the stored value
 * stays a tag the server judges, while the person chooses by a name they can read.
 */
const LANGUAGE_TAGS = [
  'cs-CZ',
  'da-DK',
  'de-AT',
  'de-CH',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-US',
  'en-ZA',
  'es-ES',
  'es-MX',
  'fi-FI',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'hu-HU',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'nb-NO',
  'nl-BE',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'sv-SE',
  'tr-TR',
  'uk-UA',
  'zh-CN',
  'zh-TW',
] as const;

/** A tag's name in its own language ("British English", "Deutsch (Österreich)"); the tag if none. */
function ownName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name === undefined ? tag : name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}

/**
 * The languages to choose from, each by its own name, in alphabetical order; the studio's current
 * one stays among them even when it is not on the list (set before the list, or by hand).
 */
export function languageChoices(current: string): SelectChoice[] {
  const tags: string[] = [...LANGUAGE_TAGS];
  if (current !== '' && !tags.includes(current)) tags.push(current);
  return tags
    .map((tag) => ({ value: tag, label: ownName(tag) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
