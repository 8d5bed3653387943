import fs from 'node:fs';
import os from 'node:os';
import { SiteRenderThread } from '../../../src/server/modules/miniSite/siteRenderThread';

const warmFolders = (): string[] => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('wpg-site-warm-'));

describe('SiteRenderThread.warm', () => {
  const errors: unknown[] = [];
  const thread = new SiteRenderThread({ error: (details: unknown) => errors.push(details) });
  afterAll(() => thread.close());

  it('renders the builder default site in the thread and removes what it made', async () => {
    const before = warmFolders();
    const files = await thread.warm();
    expect(files).toEqual(expect.arrayContaining(['index.html', 'assets/site.js', 'assets/share.png']));
    expect(files.some((name) => name.startsWith('assets/fonts/'))).toBe(true);
    expect(warmFolders()).toEqual(before);
    expect(errors).toEqual([]);
  }, 60_000);

  it('rejects once the thread is closed, leaving nothing behind', async () => {
    const before = warmFolders();
    await thread.close();
    await expect(thread.warm()).rejects.toThrow(/closed/);
    expect(warmFolders()).toEqual(before);
  });
});
