import { zipSync, type Zippable } from 'fflate';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationLimits, GenerationMessages, type ZipAnswer } from '../../../contract/generation';
import type { Clock } from '../../clock';
import { invalid } from '../../http/envelope';
import { GENERATED_URL_PREFIX, ZIPS_URL_PREFIX, jobDir, zipsDir } from '../../queue/paths';
import type { FinishedJob, RenderQueue } from '../../queue/renderQueue';
import { BRAND_GUIDE_ZIP_NAME, JOB_FILES, logoTextOf, type UserJobKind } from '../../render/jobSpec';
import type { ExtraFolders, ResultExtras } from './resultExtras';
import type { DataFiles } from '../../storage/dataFiles';

/** What each result file is called inside a zip, after the logo text: 龙腾天下-banner.mp4. */
const ENTRY_NAMES: Record<UserJobKind, Record<string, string>> = {
  tl: { 'logo.png': 'logo.png' },
  al: { 'logo.webp': 'logo-animated.webp', 'logo-idle.webp': 'logo-idle-loop.webp', 'logo-still.png': 'logo-still.png' },
  fsa: { 'logo.png': 'logo.png', 'banner.mp4': 'banner.mp4', 'banner-poster.jpg': 'banner-poster.jpg', 'key-art.jpg': 'key-art.jpg' },
  ab: { 'banner.jpg': 'banner.jpg', 'logo.png': 'logo.png' },
};

export const DEFAULT_ZIP_NAME = 'LOGO';

/**
 * How long a zip (or a mini site) waits for a result's extras, once a slot is free: a brand kit
 * takes 0.7 s of render; a banner's phone cut 10-11 s on two cores, its WebM videos 8 s more. They
 * start when the banner is done, so a site made after its form was filled in has the phone cut,
 * and a zip asked for in the first seconds goes on without what is not made yet.
 */
export const KIT_WAIT_MS = 15_000;

/** The brand kit's folder in a logo's zip, after the logo text: 龙腾天下-品牌套件/. */
export const BRAND_KIT_FOLDER = '品牌套件';

/** The kit's files under `folder/` (a free name), the guide under its Chinese name; HTML is deflated, pictures are not. */
function addKit(entries: Zippable, kitDir: string, folder: string, mtime: Date): void {
  let name = folder;
  for (let n = 2; Object.keys(entries).some((entry) => entry.startsWith(`${name}/`)); n += 1) name = `${folder} (${n})`;
  for (const stored of Object.values(JOB_FILES['brand-kit'])) {
    const inZip = stored === JOB_FILES['brand-kit'].guide ? BRAND_GUIDE_ZIP_NAME : stored;
    entries[`${name}/${inZip}`] = [fs.readFileSync(path.join(kitDir, stored)), { level: stored.endsWith('.html') ? 6 : 0, mtime }];
  }
}

/** A banner's phone cut or WebM videos beside its MP4, under their stored names after the logo text (stored, not deflated: they are compressed). */
function addCuts(entries: Zippable, dir: string, stored: readonly string[], base: string, mtime: Date): void {
  for (const name of stored) entries[`${base}-${name}`] = [fs.readFileSync(path.join(dir, name)), { level: 0, mtime }];
}

/**
 * A zip is made to be downloaded at once (every download asks the API for its URL first), so it is
 * deleted a day after it was last asked for: a zip URL that leaks stops working.
 */
export const ZIP_KEEP_MS = 24 * 3600 * 1000;

/** A zip folder's key, the part of its URL nobody can guess: 128 random bits. */
export const randomZipKey = (): string => crypto.randomBytes(16).toString('hex');

/** Where the current key of each zip content is noted: inside zips/, but never a zip URL (not 32 hex). */
const keysDir = (dataDir: string): string => path.join(zipsDir(dataDir), 'keys');

/**
 * The key of the zip of `content` (a description of what it holds): the one in use while that zip
 * is kept, so asking twice gives one URL, else 128 new random bits. So a zip URL is never derived
 * from what is in it, and once its zip expired it stays dead even if the same content is zipped
 * again. `secret` names the note without saying what the content is.
 */
export function zipKeyFor(dataDir: string, secret: Buffer, content: string, name: string): string {
  const note = keyNote(dataDir, secret, content);
  const current = fs.existsSync(note) ? fs.readFileSync(note, 'utf8') : '';
  if (/^[0-9a-f]{32}$/.test(current) && fs.existsSync(zipLocation(dataDir, current, name).file)) return current;
  return noteZipKey(dataDir, secret, content, randomZipKey());
}

const keyNote = (dataDir: string, secret: Buffer, content: string): string => path.join(keysDir(dataDir), crypto.createHmac('sha256', secret).update(content).digest('hex'));

/** Notes `key` as the key of the zip of `content`, for zipKeyFor; answers it. */
export function noteZipKey(dataDir: string, secret: Buffer, content: string, key: string): string {
  const note = keyNote(dataDir, secret, content);
  fs.mkdirSync(path.dirname(note), { recursive: true });
  fs.writeFileSync(note, key);
  return key;
}

/**
 * Marks the zip folder of `file` as asked for at `at`, so that housekeeping keeps it a day more.
 * Uses the server's clock, which housekeeping compares with.
 */
export function markZipUsed(file: string, at: number): void {
  const seconds = at / 1000;
  fs.utimesSync(path.dirname(file), seconds, seconds);
}

const RESULT_PATH = new RegExp(`^${GENERATED_URL_PREFIX}([0-9a-f]{32})/([a-z0-9][a-z0-9-]*\\.(?:png|webp|jpg|mp4))$`);
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/** A name safe in a URL segment and in every OS's file system: no separators, controls or reserved characters. */
export function sanitiseFileName(name: string, fallback: string): string {
  const cleaned = name.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').replace(/\.zip$/i, '').trim().replace(/^\.+/, '').trim();
  const capped = Array.from(cleaned).slice(0, GenerationLimits.zipFileNameMax).join('').trim();
  return capped || fallback;
}

/** Where a zip named `name` under `key` lives on disk, and the URL it is downloaded from. */
export function zipLocation(dataDir: string, key: string, name: string): { file: string; zipUrl: string } {
  return { file: path.join(zipsDir(dataDir), key, `${name}.zip`), zipUrl: `${ZIPS_URL_PREFIX}${key}/${encodeURIComponent(name)}.zip` };
}

/**
 * Every entry is marked as made on Unix, a plain file readable by all (0644). fflate's default, made
 * on MS-DOS, has Info-ZIP's unzip (Linux's and macOS's command line) read the names as code page 437
 * despite their UTF-8 flag, so 龙腾天下-logo.png came out as mojibake.
 */
const ZIP_ENTRY_ORIGIN = { os: 3, attrs: 0o100644 << 16 } as const;

/** Writes the zip beside its place and renames it in, so that a download never gets half a zip. */
export function writeZipAtomically(file: string, entries: Zippable): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, zipSync(entries, ZIP_ENTRY_ORIGIN));
  fs.renameSync(temp, file);
}

const defaultPort = (protocol: string): string => (protocol === 'https:' ? '443' : '80');

/** `hostname:port` of an absolute URL, with the scheme's default port made explicit. */
const hostKeyOf = (url: URL): string => `${url.hostname}:${url.port || defaultPort(url.protocol)}`;

/**
 * The host keys that count as this server: the Host the request came to (with either scheme's
 * default port when it names none) and the configured public origin's.
 */
export function ownHostKeys(requestHost: string, publicOrigin: string): Set<string> {
  const keys = new Set<string>();
  try {
    const asked = new URL(`http://${requestHost}`);
    if (asked.port || /:\d+$/.test(requestHost)) keys.add(`${asked.hostname}:${asked.port || '80'}`);
    else ['80', '443'].forEach((port) => keys.add(`${asked.hostname}:${port}`));
  } catch {
    // A Host header that is not a host: no absolute URL can match it.
  }
  if (publicOrigin) keys.add(hostKeyOf(new URL(publicOrigin)));
  return keys;
}

/**
 * The job and file a result URL names, or null. Only paths this server made pass: a relative
 * /generated/<job id>/<file>, or the same on an absolute http(s) URL of one of our own hosts;
 * nothing with dot segments, backslashes, a query or a fragment. `ownHosts` are ownHostKeys().
 */
export function resultFileOf(raw: string, ownHosts: ReadonlySet<string>): { id: string; file: string } | null {
  if (!raw || raw.includes('..') || raw.includes('\\') || /%2e|%2f|%5c/i.test(raw)) return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//');
  if (!absolute && !raw.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://relative.invalid');
  } catch {
    return null;
  }
  if (absolute && ((url.protocol !== 'http:' && url.protocol !== 'https:') || !ownHosts.has(hostKeyOf(url)))) return null;
  if (url.search || url.hash || url.username || url.password) return null;
  const match = RESULT_PATH.exec(url.pathname);
  return match ? { id: match[1], file: match[2] } : null;
}

/** The finished banner (fsa) job whose MP4 `url` names (as resultFileOf reads it), or null. */
export async function finishedBannerOf(queue: Pick<RenderQueue, 'finishedJob'>, url: string, ownHosts: ReadonlySet<string>): Promise<FinishedJob | null> {
  const named = resultFileOf(url, ownHosts);
  const job = named?.file === JOB_FILES.fsa.video ? await queue.finishedJob(named.id) : null;
  return job?.spec.kind === 'fsa' && job.files.includes(JOB_FILES.fsa.video) ? job : null;
}

/**
 * Zips of finished results (createZipUrlByFile). Entries come from the jobs' own files under
 * server-made names, never from a path the client sent. Identical requests reuse the zip.
 */
export class ZipService {
  /** Zips being made, by content. */
  private readonly making = new Map<string, Promise<ZipAnswer>>();

  constructor(
    private readonly options: { dataDir: string; files: DataFiles; queue: RenderQueue; now: Clock; key: Buffer; extras: ResultExtras; kitWaitMs?: number },
  ) {}

  async create(request: { fileName: string; fileList: string[]; waitForExtras?: boolean }, ownHosts: ReadonlySet<string>): Promise<ZipAnswer> {
    const zipName = sanitiseFileName(request.fileName, DEFAULT_ZIP_NAME);
    const jobs: FinishedJob[] = [];
    for (const raw of request.fileList) {
      const named = resultFileOf(raw, ownHosts);
      const job = named ? await this.options.queue.finishedJob(named.id) : null;
      if (!named || !job || !job.files.includes(named.file)) throw invalid(GenerationMessages.zipFileRefused);
      if (!jobs.some((known) => known.id === job.id)) jobs.push(job);
    }
    if (!jobs.length) throw invalid(GenerationMessages.zipFileRefused);

    // A logo's zip carries its brand kit, a banner's its phone cut and WebM videos. Extras that
    // fail, or are not made within KIT_WAIT_MS (the render slots all busy with users' jobs), leave
    // the result downloadable, under another key: the next request tries them again (late ones are
    // ready by then) instead of reusing this zip.
    // A page's automatic download asks not to wait: it shows the extras itself when they come.
    const extras = new Map<string, ExtraFolders>();
    for (const job of jobs) {
      extras.set(job.id, request.waitForExtras === false ? await this.options.extras.readyNow(job) : await this.options.extras.readyWithin(job, this.options.kitWaitMs ?? KIT_WAIT_MS));
    }
    const content = JSON.stringify(['results', 'extras2', zipName, jobs.map((job) => [job.id, job.finishedAt, Object.keys(extras.get(job.id) ?? {}).sort()])]);
    // Identical requests at once (a double click, two tabs) share one zip.
    const known = this.making.get(content);
    if (known) return known;
    const made = this.zipOnce(content, jobs, zipName, extras).finally(() => this.making.delete(content));
    this.making.set(content, made);
    return made;
  }

  private async zipOnce(content: string, jobs: FinishedJob[], zipName: string, extras: ReadonlyMap<string, ExtraFolders>): Promise<ZipAnswer> {
    const key = zipKeyFor(this.options.dataDir, this.options.key, content, zipName);
    const { file, zipUrl } = zipLocation(this.options.dataDir, key, zipName);
    if (!(await this.options.files.fetch(file))) {
      await this.write(file, jobs, zipName, extras);
      await this.options.files.publish(file);
    }
    markZipUsed(file, this.options.now());
    await this.options.queue.touch(jobs.map((job) => job.id));
    return { zipUrl };
  }

  /**
   * Deletes every zip (results' and sites') not asked for in the last ZIP_KEEP_MS; in a shared
   * store, every zip made before then (each is asked for right after it is made).
   */
  async prune(): Promise<number> {
    const root = zipsDir(this.options.dataDir);
    const before = this.options.now() - ZIP_KEEP_MS;
    let removed = 0;
    const { files } = this.options;
    if (files.shared) {
      for (const { key, modifiedAt } of await files.store.listWithTimes('zips/')) {
        if (modifiedAt.getTime() < before) {
          await files.store.deletePrefix(key.split('/').slice(0, 2).join('/'));
          removed += 1;
        }
      }
    }
    if (!fs.existsSync(root)) return removed;
    const notes = keysDir(this.options.dataDir);
    for (const entry of fs.readdirSync(root)) {
      const dir = path.join(root, entry);
      if (dir !== notes && fs.statSync(dir).mtimeMs < before) {
        fs.rmSync(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    // Notes of zips that are gone name nothing any more.
    for (const note of fs.existsSync(notes) ? fs.readdirSync(notes) : []) {
      const key = fs.readFileSync(path.join(notes, note), 'utf8');
      if (!/^[0-9a-f]{32}$/.test(key) || !fs.existsSync(path.join(root, key))) fs.rmSync(path.join(notes, note), { force: true });
    }
    return removed;
  }

  private async write(file: string, jobs: FinishedJob[], zipName: string, extras: ReadonlyMap<string, ExtraFolders>): Promise<void> {
    const entries: Zippable = {};
    for (const job of jobs) {
      const base = sanitiseFileName(logoTextOf(job.spec), zipName);
      for (const stored of job.files) {
        const wanted = `${base}-${ENTRY_NAMES[job.spec.kind][stored] ?? stored}`;
        let name = wanted;
        for (let n = 2; name in entries; n += 1) name = wanted.replace(/(\.[a-z0-9]+)$/, ` (${n})$1`);
        const source = path.join(jobDir(this.options.dataDir, job.id), stored);
        // Rendered on another server or worker: fetched from the shared store.
        if (!(await this.options.files.fetch(source))) throw invalid(GenerationMessages.zipFileRefused);
        // PNG, JPEG and H.264 are compressed already: deflating them again only costs time.
        entries[name] = [fs.readFileSync(source), { level: 0, mtime: new Date(job.finishedAt) }];
      }
      const made = extras.get(job.id) ?? {};
      const mtime = new Date(job.finishedAt);
      if (made['brand-kit']) addKit(entries, made['brand-kit'], `${base}-${BRAND_KIT_FOLDER}`, mtime);
      if (made['banner-cuts']) addCuts(entries, made['banner-cuts'], Object.values(JOB_FILES['banner-cuts']), base, mtime);
      if (made['banner-webm']) addCuts(entries, made['banner-webm'], Object.values(JOB_FILES['banner-webm']), base, mtime);
    }
    writeZipAtomically(file, entries);
  }
}
