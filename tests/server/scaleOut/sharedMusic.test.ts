/**
 * Servers started together on one bucket make the mini site's background music once: one server
 * synthesises the tracks under a lock, the others wait for it and fetch its files.
 */
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MusicLibrary } from '../../../src/server/modules/music/musicLibrary';
import { MUSIC_TRACKS } from '../../../src/server/render/music/tracks';
import { MemoryState } from '../../../src/server/sharedState/memoryState';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { S3FileStore } from '../../../src/server/storage/s3Store';
import { s3Endpoint, testS3Settings } from '../storage/testStores';

const available = !!s3Endpoint() || !!process.env.WPG_REQUIRE_TEST_SERVERS;

(available ? describe : describe.skip)('background music on servers that share a bucket', () => {
  it('is synthesised by one server; another started at the same time fetches it', async () => {
    const store = new S3FileStore(testS3Settings());
    const state = new MemoryState(Date.now);
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-music-')));
    const libraries = dirs.map((dataDir) => new MusicLibrary({ dataDir, files: new DataFiles(dataDir, store), log: Fastify({ logger: false }).log, now: Date.now, state }));
    const made: number[] = [];
    libraries.forEach((library, n) => {
      // The synthesis itself (half a minute of ffmpeg) is tested in miniSite.test.ts: here a stand-in writes each file.
      jest.spyOn(library as unknown as { synthesise(slugs: string[]): Promise<void> }, 'synthesise').mockImplementation(async (slugs: string[]) => {
        made.push(n);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const target = (library as unknown as { dir: string }).dir;
        fs.mkdirSync(target, { recursive: true });
        for (const slug of slugs) fs.writeFileSync(path.join(target, `${slug}.mp3`), `track ${slug} by server ${n}`);
      });
    });
    try {
      await Promise.all(libraries.map((library) => library.ensureAll()));
      expect(made).toHaveLength(1);
      for (const library of libraries) expect(library.missing()).toEqual([]);
      const maker = made[0];
      const other = libraries[1 - maker] as unknown as { dir: string };
      expect(fs.readFileSync(path.join(other.dir, `${MUSIC_TRACKS[0].slug}.mp3`), 'utf8')).toBe(`track ${MUSIC_TRACKS[0].slug} by server ${maker}`);
    } finally {
      await Promise.all(libraries.map((library) => library.close()));
      await store.deletePrefix('');
      store.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
