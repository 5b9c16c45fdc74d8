import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi } from '../testing/mock-site-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';
import { createSiteContent, DRAFT, REVISIONS } from '../testing/site-content-fixture';

function restoredContent() {
  const content = createSiteContent();
  content.hero.tagline = 'The old tagline.';
  return content;
}

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site editor’s publish and history', () => {
  it('saves the edits, then publishes that revision and lists the publish', async () => {
    const api = mockSiteApi({
      'POST site/publish': () =>
        json(200, { revision: 'rev-2', publishedAt: '2026-11-25T10:00:00.000Z' }),
    });
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(/^Published on .+ Visitors see it now\.$/)).toBeVisible();
    expect(api.callsTo('PUT site/draft')[0]?.headers.get('If-Match')).toBe('"rev-1"');
    expect(api.callsTo('POST site/publish')[0]?.headers.get('If-Match')).toBe('"rev-2"');
    // The history is asked again, so the new publish is listed.
    await waitFor(() => expect(api.callsTo('GET site/revisions')).toHaveLength(2));
  });

  it('restores an old version as the draft and says to preview and publish it', async () => {
    const id = REVISIONS[0]!.id;
    const api = mockSiteApi({
      [`POST site/revisions/${id}/restore`]: () =>
        json(200, { content: restoredContent(), revision: 'rev-5' }),
    });
    const { user } = renderStudio('/studio/site');
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Testimonials: 1 field')).toBeVisible();

    const [restore] = await within(history).findAllByRole('button', {
      name: /^Restore the version of /,
    });
    await user.click(restore!);

    await expectFocused(screen.findByText(/is now the draft\. Preview it, then publish/));
    expect(api.callsTo(`POST site/revisions/${id}/restore`)[0]?.headers.get('If-Match')).toBe(
      '"rev-1"',
    );
    const hero = screen.getByRole('group', { name: 'Hero' });
    expect(within(hero).getByLabelText('Tagline')).toHaveValue('The old tagline.');
    expect(screen.getByText('All changes saved')).toBeVisible();
  });

  it('marks the live publish, names what a restore restored, and previews any version', async () => {
    mockSiteApi();
    renderStudio('/studio/site');
    const history = await screen.findByRole('region', { name: 'History' });
    const entries = await within(history).findAllByRole('listitem');
    const [restored, older, first] = entries;
    expect(within(restored!).getByText('Live now')).toBeVisible();
    expect(within(restored!).getByText(/^Restored the publish of .*2026/)).toBeVisible();
    expect(within(older!).queryByText('Live now')).toBeNull();
    // The first version is described in the owner's words, not the stored summary.
    expect(within(first!).getByText('Set up with the site')).toBeVisible();
    expect(within(first!).getByText('The site as it was first set up')).toBeVisible();
    expect(within(history).queryByText(/build/)).toBeNull();

    const preview = within(older!).getByRole('link', { name: /^Preview the version of / });
    expect(preview).toHaveAttribute('href', `/studio/preview?revision=${REVISIONS[1]!.id}`);
    expect(preview).toHaveAttribute('target', '_blank');
  });

  it('asks before a restore replaces unsaved edits', async () => {
    const api = mockSiteApi();
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');
    const history = screen.getByRole('region', { name: 'History' });
    const [restore] = await within(history).findAllByRole('button', {
      name: /^Restore the version of /,
    });
    await user.click(restore!);
    await user.click(within(history).getByRole('button', { name: 'Keep editing' }));
    expect(api.calls.filter((call) => call.path.endsWith('/restore'))).toHaveLength(0);
    expect(within(hero).getByLabelText('Eyebrow')).toHaveValue('Design studio!');
  });

  it('asks before a restore replaces a saved draft that is not the page, and says it is kept', async () => {
    const published = REVISIONS.map((entry) =>
      entry.isLive ? { ...entry, revision: 'rev-published-earlier' } : entry,
    );
    const api = mockSiteApi({
      'GET site/revisions': () => json(200, { items: published }),
      [`POST site/revisions/${REVISIONS[1]!.id}/restore`]: () =>
        json(200, { content: DRAFT.content, revision: 'rev-9' }, { ETag: '"rev-9"' }),
    });
    const { user } = renderStudio('/studio/site');
    const history = await screen.findByRole('region', { name: 'History' });
    const [, older] = await within(history).findAllByRole('button', {
      name: /^Restore the version of /,
    });
    await user.click(older!);
    expect(
      within(history).getByText(
        'Replace your unpublished changes? They stay in History, where you can restore them.',
      ),
    ).toBeVisible();
    expect(api.calls.filter((call) => call.path.endsWith('/restore'))).toHaveLength(0);
    await user.click(within(history).getByRole('button', { name: 'Yes, restore' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path.endsWith('/restore'))).toHaveLength(1),
    );
  });

  it('lists a draft a restore replaced, with who restored, ready to restore in turn', async () => {
    const kept = {
      ...REVISIONS[1]!,
      kind: 'replaced_draft' as const,
      id: '7e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b',
      revision: 'rev-kept',
      summary: 'Unpublished changes, replaced by a restore',
    };
    mockSiteApi({ 'GET site/revisions': () => json(200, { items: [kept, ...REVISIONS] }) });
    renderStudio('/studio/site');
    const history = await screen.findByRole('region', { name: 'History' });
    const [first] = await within(history).findAllByRole('listitem');
    expect(within(first!).getByText('Unpublished changes')).toBeVisible();
    expect(
      within(first!).getByText(`Kept when ${kept.publishedBy} restored another version`),
    ).toBeVisible();
    expect(within(first!).getByRole('button', { name: /^Restore the version of / })).toBeEnabled();
  });
});
