import { describe, expect, it } from 'vitest';
import { decideColorScheme } from './email-styles';

const CSS =
  'p{color:#222}@media (prefers-color-scheme: dark){p{color:#eee}}@media (prefers-color-scheme:light) and (max-width: 600px){p{color:#000}}';

describe('an email’s colour-scheme queries', () => {
  it('hold for the scheme shown and fail for the other', () => {
    expect(decideColorScheme(CSS, 'dark')).toBe(
      'p{color:#222}@media (min-width: 0px){p{color:#eee}}@media (max-width: 0px) and (max-width: 600px){p{color:#000}}',
    );
    expect(decideColorScheme(CSS, 'light')).toBe(
      'p{color:#222}@media (max-width: 0px){p{color:#eee}}@media (min-width: 0px) and (max-width: 600px){p{color:#000}}',
    );
  });
});
