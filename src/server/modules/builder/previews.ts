import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { BuiltSiteRenderInput, BuiltSiteRenderResult } from '../../render/builder/types';
import { siteDir, sitesTmpDir } from '../siteFiles/paths';
import { publishFolder } from '../../storage/publishFolder';
import { withLock, type SharedState } from '../../sharedState/types';
import type { DataFiles } from '../../storage/dataFiles';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { folderBytes } from '../storageQuota/folderBytes';
import { BusinessError } from '../../http/envelope';

/** Renders a builder site into a folder: the site render thread in production. */
export type BuiltSiteRenderer = (input: BuiltSiteRenderInput, outDir: string) => Promise<BuiltSiteRenderResult>;

/** A preview render's lock outlives a server that dies holding it by this much. */
const PREVIEW_LOCK_MS = 30_000;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Keeps each site's preview folder (DATA_DIR/sites/<dir>/) in step with its saved values. A
 * render runs in a temp folder and replaces the preview whole (publishFolder), so the frame never
 * loads half a site. Renders of one site run one at a time, and the saves that arrive while one
 * runs share the next render, which reads the values saved last: auto-save (every second while the
 * user types) costs at most one render at a time per site, never a growing backlog.
 */
export class PreviewRenders {
  private readonly waiting = new Map<number, Waiter[]>();
  private readonly running = new Set<number>();

  constructor(
    private readonly deps: {
      dataDir: string;
      log: FastifyBaseLogger;
      /** Where the lock of each site's render is held: API servers render one site one at a time. */
      state: SharedState;
      files: DataFiles;
      render: BuiltSiteRenderer;
      /** The site's folder and render input as saved now; called when its render starts. */
      load: (siteId: number) => Promise<{ dir: string; userId: number; input: BuiltSiteRenderInput }>;
      /** Called after each render that replaced the folder (the revision moves on); false when the site was deleted meanwhile. */
      rendered: (siteId: number) => Promise<boolean>;
      /**
       * A preview counts against its owner's quota but is never refused: a save would otherwise stop
       * showing its edits. A new site is refused at the quota instead (BuilderService.create).
       */
      quota: Pick<StorageQuota, 'record' | 'forget'>;
    },
  ) {}

  /** Whether the preview folder `dir` holds a page (housekeeping deletes those left alone). */
  exists(dir: string): Promise<boolean> {
    return this.deps.files.exists(path.join(siteDir(this.deps.dataDir, dir), 'index.html'));
  }

  /** Resolves once a render that started after this call has replaced the preview. */
  refresh(siteId: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const queue = this.waiting.get(siteId) ?? [];
      queue.push({ resolve, reject });
      this.waiting.set(siteId, queue);
      if (!this.running.has(siteId)) void this.drain(siteId);
    });
  }

  private async drain(siteId: number): Promise<void> {
    this.running.add(siteId);
    try {
      for (let batch = this.take(siteId); batch.length; batch = this.take(siteId)) {
        try {
          await this.renderOnce(siteId);
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          // A site deleted before its render is no failure of ours.
          if (!(error instanceof BusinessError)) this.deps.log.error({ err: error, siteId }, 'builder preview render failed');
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      this.running.delete(siteId);
    }
  }

  private take(siteId: number): Waiter[] {
    const batch = this.waiting.get(siteId) ?? [];
    this.waiting.delete(siteId);
    return batch;
  }

  private async renderOnce(siteId: number): Promise<void> {
    const { dataDir, render, load, rendered, log, state } = this.deps;
    const started = Date.now();
    // Another server may be rendering this site (saves of one editor can reach either): this
    // render waits for it, then reads the values saved last.
    await withLock(state, `preview:${siteId}`, PREVIEW_LOCK_MS, async () => {
      const { dir, userId, input } = await load(siteId);
      await publishFolder(sitesTmpDir(dataDir), siteDir(dataDir, dir), async (temp) => {
        await render(input, temp);
        await this.deps.quota.record(userId, siteDir(dataDir, dir), await folderBytes(temp));
      });
      const folder = siteDir(dataDir, dir);
      await this.deps.files.publish(folder);
      if (!(await rendered(siteId))) {
        // Deleted while it rendered (SiteDeletion removed the folder before this one landed).
        await this.deps.files.remove(folder);
        await this.deps.quota.forget(folder);
      }
    });
    log.info({ siteId, ms: Date.now() - started }, 'builder preview rendered');
  }
}
