import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { BannerTemplate, LogoTemplate } from '../../contract/generation';
import type { Clock } from '../clock';
import { BANNER_STYLES, LOGO_STYLES, bannerStyleById, logoStyleById } from '../render/styles';
import { CATALOG_MUSIC_FOLDER, CATALOG_URL_PREFIX, catalogRoot } from './paths';
import type { RenderQueue } from './renderQueue';
import { withLock, type SharedState } from '../sharedState/types';
import { waitAtMost } from '../waitAtMost';
import type { DataFiles } from '../storage/dataFiles';
import { patientSteps } from '../serviceOutage';
import { JOB_FILES, RENDERER_VERSION, type CatalogJobSpec } from '../render/jobSpec';

type CatalogKind = CatalogJobSpec['kind'];

/** File name prefix of each kind's pictures: logo-3-thumbnail.jpg, banner-7-preview.mp4. */
const PREFIX: Record<CatalogKind, string> = { 'catalog-logo': 'logo', 'catalog-banner': 'banner' };

const FILE_PATTERN = /^(logo|banner)-(\d{1,4})-([a-z0-9]+\.(?:jpg|mp4))$/;

/** After a failed render, requests for its pictures answer 404 for this long instead of rendering again. */
const FAILURE_BACKOFF_MS = 60_000;

/** A gallery render's lock outlives a server that dies holding it by this much. */
const RENDER_LOCK_MS = 30_000;

const taskKey = (spec: CatalogJobSpec): string => `${PREFIX[spec.kind]}-${spec.styleId}`;
const fileName = (spec: CatalogJobSpec, roleFile: string): string => `${taskKey(spec)}-${roleFile}`;

/**
 * The template gallery: style lists from render/styles.ts, pictures rendered from the sample
 * texts by the same renderers users get, so the gallery shows what a user will get. Pictures are
 * made in the background after start (below every user job) and on demand when one is asked for
 * before it exists. They live in DATA_DIR/catalog/<renderer version>/ and their URLs carry the
 * version, so a renderer change makes new pictures under new URLs that browsers may cache forever.
 */
export class TemplateGallery {
  readonly dir: string;
  private logos: LogoTemplate[] | null = null;
  private banners: BannerTemplate[] | null = null;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly failedAt = new Map<string, number>();
  /** Styles whose pictures exist: a version's pictures are never deleted while it is current. */
  private readonly complete = new Set<string>();

  constructor(
    private readonly options: { files: DataFiles; queue: RenderQueue; log: FastifyBaseLogger; now: Clock; state: SharedState },
  ) {
    this.dir = path.join(catalogRoot(options.files.dataDir), RENDERER_VERSION);
  }

  url(spec: CatalogJobSpec, roleFile: string): string {
    return `${CATALOG_URL_PREFIX}${RENDERER_VERSION}/${fileName(spec, roleFile)}`;
  }

  /** The lists never change while the server runs: made once, not on every request. */
  logoTemplates(): readonly LogoTemplate[] {
    const files = JOB_FILES['catalog-logo'];
    this.logos ??= LOGO_STYLES.map((style) => {
      const spec: CatalogJobSpec = { kind: 'catalog-logo', styleId: style.id };
      return {
        id: style.id,
        name: style.name,
        thumbnail: this.url(spec, files.thumbnail),
        preview_image1: this.url(spec, files.preview1),
        preview_image: this.url(spec, files.preview),
      };
    });
    return this.logos;
  }

  bannerTemplates(): readonly BannerTemplate[] {
    const files = JOB_FILES['catalog-banner'];
    this.banners ??= BANNER_STYLES.map((style) => {
      const spec: CatalogJobSpec = { kind: 'catalog-banner', styleId: style.id };
      return {
        id: style.id,
        name: style.name,
        thumbnail: this.url(spec, files.thumbnail),
        preview_video: this.url(spec, files.video),
        preview_image: this.url(spec, files.poster),
      };
    });
    return this.banners;
  }

  /** Every gallery task, logos first: they are quick and fill the first page people see. */
  allTasks(): CatalogJobSpec[] {
    return [
      ...LOGO_STYLES.map((style): CatalogJobSpec => ({ kind: 'catalog-logo', styleId: style.id })),
      ...BANNER_STYLES.map((style): CatalogJobSpec => ({ kind: 'catalog-banner', styleId: style.id })),
    ];
  }

  /** Whether every picture of the style exists, here or in the shared store. */
  async isComplete(spec: CatalogJobSpec): Promise<boolean> {
    const key = taskKey(spec);
    if (this.complete.has(key)) return true;
    for (const roleFile of Object.values(JOB_FILES[spec.kind])) if (!(await this.options.files.exists(path.join(this.dir, fileName(spec, roleFile))))) return false;
    this.complete.add(key);
    return true;
  }

  /** Queues the missing pictures at background priority; answers how many tasks were queued. */
  async prerenderMissing(): Promise<number> {
    let queued = 0;
    for (const spec of this.allTasks()) {
      if (await this.isComplete(spec)) continue;
      queued += 1;
      this.ensure(spec, 'background').catch(() => {
        // Logged by the queue; a visitor's request will try again.
      });
    }
    return queued;
  }

  /**
   * What a request for a URL path finds: a current gallery picture ('ready'), nothing to serve
   * ('absent': not a gallery picture, or its render failed lately), or a picture still being
   * rendered after `waitMs` ('rendering'). A missing picture is rendered now (one render per style
   * however many ask), and goes on rendering when the wait is over: the wait is capped because a
   * browser opens only six connections to a host, and pictures held open for a whole render would
   * keep the page's API calls waiting behind them.
   */
  async pictureWithin(urlPath: string, waitMs: number): Promise<'ready' | 'absent' | 'rendering'> {
    const spec = this.specOfPath(urlPath);
    if (!spec) return 'absent';
    if (await this.isComplete(spec)) return 'ready';
    const failed = this.failedAt.get(taskKey(spec));
    if (failed !== undefined && this.options.now() - failed < FAILURE_BACKOFF_MS) return 'absent';
    const rendered = this.ensure(spec, 'demand').then(
      () => 'ready' as const,
      () => 'absent' as const,
    );
    return waitAtMost(rendered, waitMs, 'rendering' as const);
  }

  /** The gallery task of a URL path under /generated/catalog/, or null. */
  specOfPath(urlPath: string): CatalogJobSpec | null {
    if (!urlPath.startsWith(CATALOG_URL_PREFIX)) return null;
    const [version, name, ...rest] = urlPath.slice(CATALOG_URL_PREFIX.length).split('/');
    const match = version === RENDERER_VERSION && rest.length === 0 ? FILE_PATTERN.exec(name ?? '') : null;
    if (!match) return null;
    const kind: CatalogKind = match[1] === 'logo' ? 'catalog-logo' : 'catalog-banner';
    const styleId = Number(match[2]);
    const exists = kind === 'catalog-logo' ? logoStyleById(styleId) : bannerStyleById(styleId);
    const roles: readonly string[] = Object.values(JOB_FILES[kind]);
    return exists && roles.includes(match[3]) ? { kind, styleId } : null;
  }

  /** Renders a style's pictures unless they exist; concurrent callers share one render. */
  ensure(spec: CatalogJobSpec, priority: 'demand' | 'background'): Promise<void> {
    const key = taskKey(spec);
    const known = this.inFlight.get(key);
    if (known) {
      // Someone is waiting now: move a background task ahead of the others.
      if (priority === 'demand') this.options.queue.renderGallery(key, spec, 'demand').catch(() => {});
      return known;
    }
    if (this.complete.has(key)) return Promise.resolve();
    // One render per style across API servers too: who waited for another's render finds it done.
    // Redis or the bucket away for a while (a restart) is waited out, as a user's render does.
    const lockName = `gallery:${RENDERER_VERSION}:${key}`;
    const patiently = patientSteps(this.options.log, { task: key });
    const work = patiently('looking for gallery pictures', () => this.isComplete(spec))
      .then((done) =>
        done ? undefined : patiently('rendering gallery pictures', () => withLock(this.options.state, lockName, RENDER_LOCK_MS, async () => ((await this.isComplete(spec)) ? undefined : this.render(key, spec, priority, patiently)))),
      )
      .catch((error: unknown) => {
        this.failedAt.set(key, this.options.now());
        throw error;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private render(key: string, spec: CatalogJobSpec, priority: 'demand' | 'background', patiently: ReturnType<typeof patientSteps>): Promise<void> {
    return this.options.queue
      .renderGallery(key, spec, priority)
      .then(async ({ dir, files }) => {
        try {
          fs.mkdirSync(this.dir, { recursive: true });
          // Renamed one by one into place: a visitor gets a whole file or a 404, never half of one.
          for (const roleFile of files) {
            const target = path.join(this.dir, fileName(spec, roleFile));
            fs.renameSync(path.join(dir, roleFile), target);
            await patiently('storing gallery pictures', () => this.options.files.publish(target));
          }
          this.failedAt.delete(key);
          this.complete.add(key);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
  }

  /** Deletes the pictures of other renderer versions (housekeeping): no URL we give out names them. The music folder is not a version. */
  async removeOldVersions(): Promise<number> {
    const { files } = this.options;
    const root = catalogRoot(files.dataDir);
    let removed = 0;
    for (const entry of await files.entriesOf(root)) {
      if (entry === RENDERER_VERSION || entry === CATALOG_MUSIC_FOLDER) continue;
      await files.remove(path.join(root, entry));
      removed += 1;
    }
    return removed;
  }
}
