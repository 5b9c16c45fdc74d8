import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runSiteCommand } from '../../server/cli/site-commands';
import { createSiteContentSeed } from '../../src/content/site-content-seed';
import { describeEachStore } from './helpers/store-fixtures';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'ember-site-cli-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describeEachStore('site export and import', (subject) => {
  const seed = () =>
    subject.store.site.seedSiteContent(createSiteContentSeed(), { by: null, now: new Date() });

  it('exports the published content to a new private file, and never overwrites one', async () => {
    await seed();
    const file = path.join(directory, 'site.json');
    const result = await runSiteCommand(subject.store, ['export', file]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(createSiteContentSeed());
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    await writeFile(file, 'keep me');
    const again = await runSiteCommand(subject.store, ['export', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists');
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('imports a valid document as the draft, leaving the published page alone', async () => {
    await seed();
    const content = createSiteContentSeed();
    content.contact.phone = '+1 (555) 010-9999';
    const file = path.join(directory, 'edited.json');
    await writeFile(file, JSON.stringify(content));
    const result = await runSiteCommand(subject.store, ['import', file]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect((await subject.store.site.readDraft())?.content).toEqual(content);
    expect((await subject.store.site.readPublished())?.content).toEqual(createSiteContentSeed());
    expect((await subject.store.auth.listAudit(1))[0]?.event).toBe('site.import');
  });

  it('refuses an invalid document, naming the field, and changes nothing', async () => {
    await seed();
    const before = await subject.store.site.readDraft();
    const content = createSiteContentSeed();
    content.footer.socialLinks[0]!.href = 'javascript:alert(1)';
    const file = path.join(directory, 'bad.json');
    await writeFile(file, JSON.stringify({ ...content, extra: true }));
    const result = await runSiteCommand(subject.store, ['import', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('footer.socialLinks.0.href: invalid_link');
    expect(result.stderr).toContain('extra: unknown_field');

    await writeFile(file, '{ not json');
    expect((await runSiteCommand(subject.store, ['import', file])).stderr).toContain('not_json');
    expect(
      (await runSiteCommand(subject.store, ['import', path.join(directory, 'none.json')])).code,
    ).toBe(1);
    expect(await subject.store.site.readDraft()).toEqual(before);
  });

  it('explains its usage', async () => {
    for (const args of [[], ['export'], ['delete', 'x.json'], ['import', 'a', 'b']]) {
      const result = await runSiteCommand(subject.store, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('site export <file>');
    }
  });
});
