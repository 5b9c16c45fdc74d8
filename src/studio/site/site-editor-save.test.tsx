import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi, sentContent } from '../testing/mock-site-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';
import { DRAFT } from '../testing/site-content-fixture';

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site editor saving a draft', () => {
  it('is in the studio’s navigation at /studio/site', async () => {
    mockSiteApi();
    const { user } = renderStudio('/studio');
    await user.click(await screen.findByRole('link', { name: 'Site' }));
    expect(window.location.pathname).toBe('/studio/site');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Site' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the edits with the revision it loaded, then goes on from the new one', async () => {
    const api = mockSiteApi();
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    const tagline = within(hero).getByLabelText('Tagline');
    expect(tagline).toHaveValue('Brands that glow.');
    expect(screen.getByText('All changes saved')).toBeVisible();

    await user.clear(tagline);
    await user.type(tagline, 'Brands that burn bright.');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Draft saved.')).toBeVisible();
    expect(screen.getByText(/^Saved \d/)).toBeVisible();
    const [first] = api.callsTo('PUT site/draft');
    expect(first?.headers.get('If-Match')).toBe('"rev-1"');
    expect(sentContent(first)).toEqual({
      ...DRAFT.content,
      hero: { ...DRAFT.content.hero, tagline: 'Brands that burn bright.' },
    });

    await user.type(within(hero).getByLabelText('Eyebrow'), '!');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/^Saved \d/);
    expect(api.callsTo('PUT site/draft')[1]?.headers.get('If-Match')).toBe('"rev-2"');
  });

  it('shows a refused field next to it and in a summary that leads to it', async () => {
    mockSiteApi({
      'PUT site/draft': () =>
        json(422, {
          success: false,
          error: 'invalid_content',
          fieldErrors: { 'testimonials.items.0.quote': 'required' },
        }),
    });
    const { user } = renderStudio('/studio/site');
    const first = await screen.findByRole('group', { name: 'Testimonial 1: Ann Lee' });
    await user.clear(within(first).getByLabelText('Quote'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await expectFocused(screen.findByRole('heading', { name: 'Fields that need attention' }));
    expect(screen.getByText('Not saved: one field needs attention.')).toBeVisible();
    const quote = within(first).getByLabelText('Quote');
    expect(quote).toHaveAttribute('aria-invalid', 'true');
    expect(quote).toHaveAccessibleDescription('0 / 800 Fill this in.');
    expect(screen.getByText('Unsaved changes')).toBeVisible();

    await user.click(
      screen.getByRole('link', { name: 'Testimonials › Testimonial 1 › Quote: Fill this in.' }),
    );
    expect(quote).toHaveFocus();
    await user.type(quote, 'Warm and clear.');
    expect(quote).not.toHaveAttribute('aria-invalid');
  });
});

describe('the site editor’s form', () => {
  it('shows every text of the document in a labelled field, a fieldset per section', async () => {
    mockSiteApi();
    renderStudio('/studio/site');
    const form = await screen.findByRole('form', { name: 'Site' });
    for (const section of ['Page title and description', 'Hero', 'Services', 'Portfolio']) {
      expect(within(form).getByRole('group', { name: section })).toBeVisible();
    }
    for (const section of ['About', 'Testimonials', 'Contact', 'Footer']) {
      expect(within(form).getByRole('group', { name: section })).toBeVisible();
    }
    const empty = within(form)
      .getAllByRole('textbox')
      .filter((field) => (field as HTMLInputElement).value === '')
      .map((field) => field.id);
    // The only empty texts in the document are two counters' suffixes.
    expect(empty).toEqual(['site-about-counters-1-suffix', 'site-about-counters-2-suffix']);
    expect(within(form).getAllByRole('group', { name: /^Service \d+:/ })).toHaveLength(10);
    expect(
      within(form)
        .getAllByRole('spinbutton', { name: 'Number' })
        .map((field) => (field as HTMLInputElement).valueAsNumber),
    ).toEqual([120, 80, 10]);
  });
});
