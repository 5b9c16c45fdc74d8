import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSiteApi } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';
import { DRAFT } from '../testing/site-content-fixture';

describe('the site editor’s text limits', () => {
  it('counts as the owner types and says the limit when over it, cutting nothing off', async () => {
    mockSiteApi();
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    const mark = within(hero).getByLabelText('Headline, middle mark');
    const { mark: stored } = DRAFT.content.hero.headline;
    expect(mark).toHaveAccessibleDescription(`${stored.length} / 8`);

    await user.clear(mark);
    await user.type(mark, 'Ember&Ink!');
    expect(mark).toHaveValue('Ember&Ink!');
    expect(mark).toHaveAccessibleDescription(
      '10 / 8: 2 over the limit of 8 characters. Shorten it to save.',
    );
    expect(mark).toBeInvalid();

    await user.type(mark, '{Backspace}{Backspace}');
    expect(mark).toHaveAccessibleDescription('8 / 8');
    expect(mark).toBeValid();
  });
});
