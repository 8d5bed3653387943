import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import type { TemplateGallery } from '../../queue/templateGallery';
import type { RenderQueue } from '../../queue/renderQueue';
import type { BannerArtDescriptor } from '../../render/aiBanner/config';
import type { SharedState } from '../../sharedState/types';
import type { DataFiles } from '../../storage/dataFiles';
import type { MusicLibrary } from '../music/musicLibrary';
import { UPLOADS_URL_PREFIX } from '../uploads/paths';
import type { SiteZipService } from '../siteFiles/siteZip';
import type { UploadStore } from '../uploads/uploadStore';
import { BannerService } from './banner';
import { SiteCompletion } from './completion';
import { ComponentCatalogue } from './components';
import { PreviewRenders, type BuiltSiteRenderer } from './previews';
import { BuilderLimiters } from './rateLimits';
import { BuilderRepository } from './repository';
import { BuilderService, siteUnknown } from './service';
import { SiteDeletion } from './siteDeletion';
import { SiteFiles } from './siteFiles';
import { SiteLogos } from './siteLogos';
import type { WorksRepository } from '../works/repository';
import { SiteVersionStore } from './versionStore';
import type { PhonePreviewLinks } from '../phonePreview/links';
import { SiteVersions } from './versions';
import type { SitePublishing } from '../publishing/sitePublishing';
import type { StorageQuota } from '../storageQuota/storageQuota';

export interface BuilderInputs {
  dataDir: string;
  sql: Sql;
  now: Clock;
  log: FastifyBaseLogger;
  state: SharedState;
  dataFiles: DataFiles;
  queue: RenderQueue;
  catalog: TemplateGallery;
  uploads: UploadStore;
  music: MusicLibrary;
  zips: SiteZipService;
  render: BuiltSiteRenderer;
  bannerArt: BannerArtDescriptor;
  /** BUILDER_VERSIONS_PER_SITE: versions kept of each site. */
  versionsPerSite: number;
  phoneLinks: PhonePreviewLinks;
  publishing: SitePublishing;
  /** The user's generated logos (我的作品): a new site's logo is the user's own. */
  works: WorksRepository;
  /** USER_STORAGE_QUOTA_MB: new sites, completions and previews count against their owner's. */
  quota: StorageQuota;
}

/**
 * What builder sites use that housekeeping must keep: uploads and banner jobs. Their preview
 * folders are not kept: one left alone for 14 days goes like a mini site, and is rendered again
 * when its owner opens the site.
 */
export interface BuilderFilesInUse {
  uploads: ReadonlySet<string>;
  jobIds: readonly string[];
}

/** The builder's services, wired once per app (its plugin calls this). */
export function createBuilder({ dataDir, sql, now, log, state, dataFiles, queue, catalog, uploads, music, zips, render, bannerArt, versionsPerSite, phoneLinks, publishing, works, quota }: BuilderInputs) {
  const repo = new BuilderRepository(sql, now);
  const limiters = new BuilderLimiters(state.rateLimits);
  const versionStore = new SiteVersionStore(sql, now, versionsPerSite);
  const versions = new SiteVersions(versionStore, now, versionsPerSite);
  const catalogue = new ComponentCatalogue(() => catalog.logoTemplates());
  const files = new SiteFiles({ dataDir, files: dataFiles, uploads, queue, repo });
  // The previews read a site when its render starts; the service asks them to render after a save.
  const previews: PreviewRenders = new PreviewRenders({
    dataDir,
    log,
    state,
    files: dataFiles,
    render,
    load: async (siteId) => {
      const record = await repo.byId(siteId);
      // Deleted before its render started: the save that asked for it answers as for a missing site.
      if (!record) throw siteUnknown();
      return { dir: record.dir, userId: record.userId, input: await service.renderInput(await service.load(siteId, record.userId), false) };
    },
    rendered: async (siteId) => (await repo.nextRevision(siteId)) > 0,
    quota,
  });
  const service: BuilderService = new BuilderService({ dataDir, repo, catalogue, files, music, previews, limiters, versions, phoneLinks, quota, bannerArtist: bannerArt.label });
  const completion = new SiteCompletion({ dataDir, files: dataFiles, now, log, repo, sites: service, zips, limiters, render, versions, quota });
  const banners = new BannerService({ queue, repo, sites: service, files, limiters, providerId: bannerArt.id });
  const logos = new SiteLogos({ queue, repo, sites: service, works, catalogue });
  const deletion = new SiteDeletion({ dataDir, sql, files: dataFiles, repo, publishing, limiters, quota });

  /** Builder sites and their kept versions are the users' work: kept, with everything they render from, until the user goes. */
  const filesInUse = async (): Promise<BuilderFilesInUse> => {
    const used = new Set<string>();
    const values: string[] = [];
    const forms = [...(await repo.allForms()).map((site) => site.formData), ...(await versionStore.allForms())];
    for (const formData of forms) {
      for (const typeValues of Object.values(formData)) {
        for (const value of Object.values(typeValues)) {
          values.push(value);
          if (value.startsWith(UPLOADS_URL_PREFIX)) used.add(value.slice(UPLOADS_URL_PREFIX.length));
        }
      }
    }
    return { uploads: used, jobIds: SiteFiles.resultJobIds(values) };
  };

  return { repo, limiters, catalogue, service, completion, banners, logos, deletion, filesInUse, publishing, quota };
}

export type Builder = ReturnType<typeof createBuilder>;
