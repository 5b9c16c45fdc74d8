import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../common/site-content';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi, sentContent } from '../testing/mock-site-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';
import { createSiteContent } from '../testing/site-content-fixture';

/** What a colleague saved meanwhile: the first quote and the tagline. */
function theirContent(): SiteContent {
  const content = createSiteContent();
  content.testimonials.items[0]!.quote = 'Their quote.';
  content.hero.tagline = 'Their tagline.';
  return content;
}

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site editor when someone else saved first', () => {
  it('shows both versions of each field and saves the chosen ones on the new revision', async () => {
    let puts = 0;
    const api = mockSiteApi({
      'PUT site/draft': (call) => {
        puts += 1;
        return puts === 1
          ? json(412, {
              success: false,
              error: 'revision_conflict',
              current: { content: theirContent(), revision: 'rev-7' },
            })
          : json(200, { content: sentContent(call), revision: 'rev-8' });
      },
    });
    const { user } = renderStudio('/studio/site');
    const first = await screen.findByRole('group', { name: 'Testimonial 1: Ann Lee' });
    const quote = within(first).getByLabelText('Quote');
    await user.clear(quote);
    await user.type(quote, 'My quote.');
    const contact = screen.getByRole('group', { name: 'Contact' });
    await user.clear(within(contact).getByLabelText('Address'));
    await user.type(within(contact).getByLabelText('Address'), '2 Mill Lane');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expectFocused(
      screen.findByRole('heading', { name: 'Someone else saved the draft meanwhile' }),
    );
    const quoteChoice = screen.getByRole('group', { name: 'Testimonials › Testimonial 1 › Quote' });
    expect(within(quoteChoice).getByText('My quote.')).toBeVisible();
    expect(within(quoteChoice).getByText('Their quote.')).toBeVisible();
    // Both changed it: theirs is offered, yours stays until the person says otherwise.
    expect(within(quoteChoice).getByRole('radio', { name: 'Keep mine' })).toBeChecked();
    const taglineChoice = screen.getByRole('group', { name: 'Hero › Tagline' });
    expect(within(taglineChoice).getByText('Brands that glow.')).toBeVisible();
    expect(within(taglineChoice).getByRole('radio', { name: 'Take theirs' })).toBeChecked();
    // Only this editor changed the address: nothing to choose there.
    expect(screen.queryByRole('group', { name: 'Contact › Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();

    await user.click(within(quoteChoice).getByRole('radio', { name: 'Take theirs' }));
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));

    await expectFocused(screen.findByText('Draft saved with your choices.'));
    const [, second] = api.callsTo('PUT site/draft');
    expect(second?.headers.get('If-Match')).toBe('"rev-7"');
    const saved = sentContent(second);
    expect(saved?.testimonials.items[0]?.quote).toBe('Their quote.');
    expect(saved?.hero.tagline).toBe('Their tagline.');
    expect(saved?.contact.visit).toBe('2 Mill Lane');
    expect(screen.getByRole('group', { name: 'Hero' })).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: 'Hero' })).getByLabelText('Tagline'),
    ).toHaveValue('Their tagline.');
  });
});
