import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi, sentContent } from '../testing/mock-site-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const UPLOADED = {
  id: 'c0ffee',
  width: 1600,
  height: 1200,
  sources: [
    { url: '/media/c0ffee-400.jpg', width: 400, type: 'image/jpeg' },
    { url: '/media/c0ffee-400.webp', width: 400, type: 'image/webp' },
  ],
};

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site editor’s lists', () => {
  it('adds, moves and removes testimonials from the keyboard, and saves them in order', async () => {
    const api = mockSiteApi();
    const { user } = renderStudio('/studio/site');
    const section = await screen.findByRole('group', { name: 'Testimonials' });

    await user.click(within(section).getByRole('button', { name: 'Add testimonial' }));
    const added = within(section).getByRole('group', { name: 'Testimonial 3' });
    await expectFocused(within(added).getByLabelText('Quote'));
    await user.keyboard('Clear and kind.');
    await user.type(within(added).getByLabelText('Name'), 'Cleo Park');

    const moveDown = within(section).getByRole('button', {
      name: 'Move Testimonial 1: Ann Lee down',
    });
    moveDown.focus();
    await user.keyboard('{Enter}');
    expect(
      within(section)
        .getAllByRole('group', { name: /^Testimonial \d/ })
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['Testimonial 1: Bo Chen', 'Testimonial 2: Ann Lee', 'Testimonial 3: Cleo Park']);
    expect(
      within(section).getByRole('button', { name: 'Move Testimonial 2: Ann Lee down' }),
    ).toHaveFocus();
    expect(screen.getByText('Testimonial 1: Ann Lee is now number 2.')).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Remove Testimonial 1: Bo Chen' }),
    );
    expect(within(section).queryByRole('group', { name: /Bo Chen/ })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add testimonial' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const items = sentContent(api.callsTo('PUT site/draft')[0])?.testimonials.items;
    expect(items?.map((item) => item.id)).toEqual(['ann-lee', 'testimonial-3']);
    expect(items?.[1]).toEqual({
      id: 'testimonial-3',
      quote: 'Clear and kind.',
      author: 'Cleo Park',
      role: '',
      company: '',
    });
  });

  it('uploads a project’s image and shows it', async () => {
    const api = mockSiteApi({ 'POST media': () => json(201, UPLOADED) });
    const { user } = renderStudio('/studio/site');
    const project = await screen.findByRole('group', { name: 'Project 1: Harbour Bakery' });
    const file = new File(['png bytes'], 'bakery.png', { type: 'image/png' });

    expect(within(project).getByText('Current image')).toBeVisible();
    await user.upload(within(project).getByLabelText('Replace image'), file);

    expect(
      await within(project).findByText('Image uploaded. Describe it, then save the draft.'),
    ).toBeVisible();
    const [upload] = api.callsTo('POST media');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    // The thumbnail is decorative: the alt text field describes the image.
    expect(project.querySelector('img')).toHaveAttribute('src', '/media/c0ffee-400.jpg');
    expect(within(project).getByLabelText('Category')).toHaveValue('Branding');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const saved = sentContent(api.callsTo('PUT site/draft')[0])?.portfolio.items[0];
    expect(saved?.image).toEqual({
      width: 1600,
      height: 1200,
      sources: UPLOADED.sources,
    });
  });

  it('refuses an image over 10 MB before sending it', async () => {
    const api = mockSiteApi({ 'POST media': () => json(201, UPLOADED) });
    const { user } = renderStudio('/studio/site');
    const project = await screen.findByRole('group', { name: 'Project 1: Harbour Bakery' });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', {
      type: 'image/png',
    });

    await user.upload(within(project).getByLabelText('Replace image'), huge);

    expect(
      within(project).getByText(
        'That file is 10.0 MB, over the 10 MB limit, so it was not sent. Choose a smaller image.',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST media')).toHaveLength(0);
  });
});
