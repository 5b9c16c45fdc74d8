import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { DRAFT_PREVIEW_TITLE, withPreviewBanner } from '../../server/studio/site/preview-banner';
import { renderFixtureSite } from './helpers/fixture-render';

const CLIENT = path.resolve('dist/client');
/** The studio's own files, which no visitor's page loads (the budgets test proves it). */
const isStudioFile = (name: string) => name.startsWith('studio');

async function visitorFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !isStudioFile(entry.name))
    .filter((entry) => /\.(html|js|css|xml|json|txt|webmanifest)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the preview banner is the preview’s alone', () => {
  it('is added around the rendered page, never by the render itself', () => {
    const { indexHtml } = renderFixtureSite(createSiteContentSeed(), new Date());
    expect(indexHtml).not.toContain('preview-banner');
    const preview = withPreviewBanner(indexHtml, { title: DRAFT_PREVIEW_TITLE, revision: 'r"1' });
    expect(preview).toContain('aria-label="Draft preview" data-revision="r&#34;1"');
    expect(
      preview.replace(
        /<link[^>]*preview\/banner[^>]*>|<script[^>]*preview\/banner[^>]*><\/script>|<section class="preview-banner".*<\/section>/g,
        '',
      ),
    ).toBe(indexHtml);
  });

  it('is named by its subject, so a past version can say what it is', () => {
    const { indexHtml } = renderFixtureSite(createSiteContentSeed(), new Date());
    const preview = withPreviewBanner(indexHtml, {
      title: 'Version of 24 Nov 10:02',
      revision: 'r',
    });
    expect(preview).toContain('aria-label="Version of 24 Nov 10:02"');
    expect(preview).toContain('<strong>Version of 24 Nov 10:02</strong>');
  });

  it('leaves no trace in the built files a visitor’s page is made of', async () => {
    const files = await visitorFiles(CLIENT);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain('preview-banner');
      expect(text, file).not.toContain(DRAFT_PREVIEW_TITLE);
    }
  });
});
