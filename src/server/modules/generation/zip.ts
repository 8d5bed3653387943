import { zipSync, type Zippable } from 'fflate';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GenerationLimits, GenerationMessages, type ZipAnswer } from '../../../contract/generation';
import type { Clock } from '../../clock';
import { invalid } from '../../http/envelope';
import { GENERATED_URL_PREFIX, ZIPS_URL_PREFIX, jobDir, zipsDir } from '../../queue/paths';
import { KEEP_DONE_MS, type FinishedJob, type RenderQueue } from '../../queue/renderQueue';
import { logoTextOf, type UserJobKind } from '../../queue/renderSpec';

/** What each result file is called inside a zip, after the logo text: 龙腾天下-banner.mp4. */
const ENTRY_NAMES: Record<UserJobKind, Record<string, string>> = {
  tl: { 'logo.png': 'logo.png' },
  al: { 'logo.webp': 'logo-animated.webp', 'logo-still.png': 'logo-still.png' },
  fsa: { 'logo.png': 'logo.png', 'banner.mp4': 'banner.mp4', 'banner-poster.jpg': 'banner-poster.jpg' },
  ab: { 'banner.jpg': 'banner.jpg', 'logo.png': 'logo.png' },
};

export const DEFAULT_ZIP_NAME = 'LOGO';

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

/** Writes the zip beside its place and renames it in, so that a download never gets half a zip. */
export function writeZipAtomically(file: string, entries: Zippable): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, zipSync(entries));
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

/**
 * Zips of finished results (createZipUrlByFile). Entries come from the jobs' own files under
 * server-made names, never from a path the client sent. Identical requests reuse the zip.
 */
export class ZipService {
  constructor(
    private readonly options: { dataDir: string; queue: RenderQueue; now: Clock },
  ) {}

  create(request: { fileName: string; fileList: string[] }, ownHosts: ReadonlySet<string>): ZipAnswer {
    const zipName = sanitiseFileName(request.fileName, DEFAULT_ZIP_NAME);
    const jobs: FinishedJob[] = [];
    for (const raw of request.fileList) {
      const named = resultFileOf(raw, ownHosts);
      const job = named ? this.options.queue.finishedJob(named.id) : null;
      if (!named || !job || !job.files.includes(named.file)) throw invalid(GenerationMessages.zipFileRefused);
      if (!jobs.some((known) => known.id === job.id)) jobs.push(job);
    }
    if (!jobs.length) throw invalid(GenerationMessages.zipFileRefused);

    const key = crypto
      .createHash('sha256')
      .update(JSON.stringify([zipName, jobs.map((job) => [job.id, job.finishedAt])]))
      .digest('hex')
      .slice(0, 32);
    const { file, zipUrl } = zipLocation(this.options.dataDir, key, zipName);
    if (!fs.existsSync(file)) this.write(file, jobs, zipName);
    this.options.queue.touch(jobs.map((job) => job.id));
    return { zipUrl };
  }

  /** Deletes zips older than the results they hold are kept. */
  prune(): number {
    const root = zipsDir(this.options.dataDir);
    if (!fs.existsSync(root)) return 0;
    const before = this.options.now() - KEEP_DONE_MS;
    let removed = 0;
    for (const entry of fs.readdirSync(root)) {
      const dir = path.join(root, entry);
      if (fs.statSync(dir).mtimeMs < before) {
        fs.rmSync(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private write(file: string, jobs: FinishedJob[], zipName: string): void {
    const entries: Zippable = {};
    for (const job of jobs) {
      const base = sanitiseFileName(logoTextOf(job.spec), zipName);
      for (const stored of job.files) {
        const wanted = `${base}-${ENTRY_NAMES[job.spec.kind][stored] ?? stored}`;
        let name = wanted;
        for (let n = 2; name in entries; n += 1) name = wanted.replace(/(\.[a-z0-9]+)$/, ` (${n})$1`);
        // PNG, JPEG and H.264 are compressed already: deflating them again only costs time.
        entries[name] = [fs.readFileSync(path.join(jobDir(this.options.dataDir, job.id), stored)), { level: 0, mtime: new Date(job.finishedAt) }];
      }
    }
    writeZipAtomically(file, entries);
  }
}
