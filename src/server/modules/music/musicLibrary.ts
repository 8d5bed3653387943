import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MusicItem } from '../../../contract/miniSite';
import type { Clock } from '../../clock';
import type { MusicWorkerInput, MusicWorkerReply, MusicWorkerStop } from '../../render/music/musicWorker';
import { MUSIC_TRACKS, MUSIC_VERSION, musicTrackBySlug } from '../../render/music/tracks';
import { MUSIC_URL_PREFIX, musicRoot } from './paths';
import type { DataFiles } from '../../storage/dataFiles';
import { withLock, type SharedState } from '../../sharedState/types';

/** Like the render workers: tsx's hook first, so the thread runs TypeScript under tsx and jest alike. */
const MUSIC_WORKER_FILE = path.join(__dirname, '../../render/music/musicWorker.ts');
const WORKER_EXEC_ARGV = ['--require', require.resolve('tsx/cjs')];

/** After a failed synthesis, requests answer 404 for this long instead of starting another. */
const FAILURE_BACKOFF_MS = 60_000;
/** On shutdown the thread gets this long to kill its encoders before it is terminated. */
const STOP_GRACE_MS = 3_000;

const fileName = (slug: string): string => `${slug}.mp3`;
/** The lock of the server making the tracks: renewed while it works, lapsed soon after it dies. */
const SYNTHESIS_LOCK_MS = 30_000;

/**
 * The background-music tracks (render/music): listed from the code, made on first need (in the
 * background after start, or when a file or a site asks for one) in a worker thread, and kept in
 * DATA_DIR/catalog/music/<music version>/. The URL carries the version, so the files can be cached
 * for good and a new version of the tracks gets new URLs.
 */
export class MusicLibrary {
  readonly dir: string;
  private readonly list: readonly MusicItem[];
  private running: Promise<void> | null = null;
  private worker: Worker | null = null;
  private failedAt: number | null = null;
  private closed = false;

  constructor(private readonly options: { dataDir: string; files: DataFiles; log: FastifyBaseLogger; now: Clock; state: SharedState }) {
    this.dir = path.join(musicRoot(options.dataDir), MUSIC_VERSION);
    this.list = MUSIC_TRACKS.map((track) => {
      const url = `${MUSIC_URL_PREFIX}${MUSIC_VERSION}/${fileName(track.slug)}`;
      return { id: track.id, name: track.name, url, shortUrl: url, value: track.slug };
    });
  }

  items(): readonly MusicItem[] {
    return this.list;
  }

  /** Whether `value` names a track ('' is "no music" and is not a track). */
  has(value: string): boolean {
    return musicTrackBySlug(value) !== undefined;
  }

  /** The file of track `value`, made first if it is missing; null for an unknown value or a failed synthesis. */
  async fileOf(value: string): Promise<string | null> {
    const track = musicTrackBySlug(value);
    if (!track) return null;
    const file = path.join(this.dir, fileName(track.slug));
    if (!(await this.options.files.fetch(file))) await this.ensureAll().catch(() => {});
    return fs.existsSync(file) ? file : null;
  }

  missing(): string[] {
    return MUSIC_TRACKS.filter((track) => !fs.existsSync(path.join(this.dir, fileName(track.slug)))).map((track) => track.slug);
  }

  /**
   * Makes every missing track, once however many ask; rejects when a track failed. After a
   * failure, asks within FAILURE_BACKOFF_MS reject at once.
   */
  ensureAll(): Promise<void> {
    if (this.running) return this.running;
    const slugs = this.missing();
    if (!slugs.length) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('The music library is closed'));
    if (this.failedAt !== null && this.options.now() - this.failedAt < FAILURE_BACKOFF_MS) return Promise.reject(new Error('Music synthesis failed a moment ago'));
    this.removeTempFiles();
    this.running = this.fetchOrSynthesise(slugs).finally(() => {
      this.running = null;
      this.worker = null;
    });
    return this.running;
  }

  /** For the static route's hook: makes the tracks when a URL names a current track's file. */
  async ensureForPath(urlPath: string): Promise<void> {
    const prefix = `${MUSIC_URL_PREFIX}${MUSIC_VERSION}/`;
    if (!urlPath.startsWith(prefix)) return;
    const slug = urlPath.slice(prefix.length).replace(/\.mp3$/, '');
    if (!musicTrackBySlug(slug) || urlPath !== `${prefix}${fileName(slug)}`) return;
    await this.fileOf(slug);
  }

  /** Deletes the files of other music versions (housekeeping): no URL we give out names them. */
  async removeOldVersions(): Promise<number> {
    const { files } = this.options;
    const root = musicRoot(this.options.dataDir);
    let removed = 0;
    for (const entry of await files.entriesOf(root)) {
      if (entry === MUSIC_VERSION) continue;
      await files.remove(path.join(root, entry));
      removed += 1;
    }
    return removed;
  }

  /**
   * Tracks another server made are fetched from the shared store; the rest are made here and
   * published, so that any server can serve them.
   */
  private async fetchOrSynthesise(slugs: string[]): Promise<void> {
    const { files, state } = this.options;
    const notFetched = async (): Promise<string[]> => {
      const wanted: string[] = [];
      for (const slug of slugs) if (!(await files.fetch(path.join(this.dir, fileName(slug))))) wanted.push(slug);
      return wanted;
    };
    if (!(await notFetched()).length) return;
    // One server makes them (servers started together would each spend half a minute on it); the others wait and fetch its files.
    await withLock(state, `music:${MUSIC_VERSION}`, SYNTHESIS_LOCK_MS, async () => {
      const wanted = await notFetched();
      if (!wanted.length) return;
      await this.synthesise(wanted);
      for (const slug of wanted) await files.publish(path.join(this.dir, fileName(slug)));
    });
  }

  /** Stops a synthesis under way (shutdown): the thread kills its ffmpeg processes, then ends. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies MusicWorkerStop);
    const timer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
    this.removeTempFiles();
  }

  /** Leftovers of a synthesis that was stopped or died: partial MP3s and raw samples. */
  private removeTempFiles(): void {
    for (const entry of fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : []) {
      if (/\.(?:tmp|raw)$/.test(entry)) fs.rmSync(path.join(this.dir, entry), { force: true });
    }
  }

  private synthesise(slugs: string[]): Promise<void> {
    const { log } = this.options;
    const started = Date.now();
    return new Promise<void>((resolve, reject) => {
      const input: MusicWorkerInput = { dir: this.dir, slugs };
      const worker = new Worker(MUSIC_WORKER_FILE, { execArgv: WORKER_EXEC_ARGV, workerData: input });
      this.worker = worker;
      const failures: string[] = [];
      worker.on('message', (reply: MusicWorkerReply) => {
        if (reply.type === 'done') log.info({ track: reply.slug, synthMs: Math.round(reply.synthMs), elapsedMs: Math.round(reply.elapsedMs) }, 'background music made');
        else failures.push(`${reply.slug}: ${reply.message}`);
      });
      worker.once('error', (error) => failures.push(error.message));
      worker.once('exit', () => {
        const missing = this.missing();
        if (!failures.length && !missing.length) {
          log.info({ tracks: slugs.length, ms: Date.now() - started }, 'background music ready');
          this.failedAt = null;
          resolve();
          return;
        }
        this.failedAt = this.options.now();
        const error = new Error(`Background music not made: ${failures.join('; ') || `missing ${missing.join(', ')}`}`);
        if (!this.closed) log.error({ err: error }, 'background music failed');
        reject(error);
      });
    });
  }
}
