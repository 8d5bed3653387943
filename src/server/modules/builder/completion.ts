import path from 'node:path';
import { BuilderMessages, SiteStatus, type CompleteWebRequest, type ZipUrlAnswer } from '../../../contract/builder';
import { AnswerCode } from '../../../contract/envelope';
import type { Clock } from '../../clock';
import { BusinessError, invalid, tooMany } from '../../http/envelope';
import type { FastifyBaseLogger } from 'fastify';
import { pictureRefusedMessage } from '../../render/pictureRefused';
import type { UserRow } from '../auth/repository';
import { randomZipKey, sanitiseFileName, zipLocation } from '../generation/zip';
import { sitesTmpDir } from '../siteFiles/paths';
import { publishFolder } from '../../storage/publishFolder';
import type { SiteZipService } from '../siteFiles/siteZip';
import { UNNAMED_SITE, completionProblem } from './formValues';
import { completedSiteDir, zipKeyAndName } from './paths';
import type { BuiltSiteRenderer } from './previews';
import type { BuilderLimiters } from './rateLimits';
import type { BuilderRepository } from './repository';
import { siteUnknown, type BuilderService } from './service';
import type { DataFiles } from '../../storage/dataFiles';
import type { SiteVersions } from './versions';
import type { StorageQuota } from '../storageQuota/storageQuota';
import { folderBytes } from '../storageQuota/folderBytes';

export interface SiteCompletionDeps {
  dataDir: string;
  files: DataFiles;
  now: Clock;
  log: FastifyBaseLogger;
  repo: BuilderRepository;
  sites: BuilderService;
  zips: SiteZipService;
  limiters: BuilderLimiters;
  render: BuiltSiteRenderer;
  versions: SiteVersions;
  quota: Pick<StorageQuota, 'reserve' | 'forget'>;
}

const completeFailed = (): BusinessError => new BusinessError(AnswerCode.serverError, BuilderMessages.completeFailed);

/**
 * "Generate and download" (completeWeb) and the site list's download (getFilePath). A completion
 * saves the form, demands every required field, renders the final folder
 * (DATA_DIR/builder-sites/<id>/) and zips it as `<网站名>.zip`; the site becomes completed (2).
 *
 * Editing a completed site keeps it completed: the edits reach the preview at once, and the site
 * list's download stays the zip of the last completion until "generate and download" runs again,
 * which makes a new zip under a new URL. A user who downloads from the list always gets a site
 * they finished, never a half-edited one.
 */
export class SiteCompletion {
  constructor(private readonly deps: SiteCompletionDeps) {}

  /** POST /api/CreateWeb/completeWeb */
  /** `apiOrigin`: where the zip's 预约 block, if it carries one, calls the API. */
  async complete(request: CompleteWebRequest, user: UserRow, apiOrigin = ''): Promise<ZipUrlAnswer> {
    const { sites, repo, limiters, log, dataDir } = this.deps;
    const site = await sites.load(request.id, user.id);
    if (!(await limiters.completePerUser.take(String(user.id)))) throw tooMany();
    const form = await sites.mergedForm(site, site.configs, site.formData, request.formData);
    const problem = completionProblem(site.configs, form);
    if (problem) throw invalid(problem);
    // Saved (and the preview rendered) first: a refusal below still keeps what the user typed.
    const saved = await sites.persist(site, site.selected, form, { hourly: false });
    const input = await sites.renderInput({ ...site, formData: form }, true);

    const started = Date.now();
    const folder = completedSiteDir(dataDir, site.record.id);
    try {
      await publishFolder(sitesTmpDir(dataDir), folder, async (temp) => {
        await this.deps.render(input, temp);
        // Past the quota the last completion stays as it was (and the form saved above stays saved).
        await this.deps.quota.reserve(user.id, folder, await folderBytes(temp));
      });
      await this.deps.files.publish(folder);
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      log.error({ err: error, siteId: site.record.id }, 'builder site render failed');
      const picture = pictureRefusedMessage(error);
      throw picture ? invalid(picture) : completeFailed();
    }
    const name = sanitiseFileName(saved.web_name, UNNAMED_SITE);
    // 128 random bits, new for every completion: the URL cannot be worked out, and a download never
    // gets an older zip from a cache.
    const zipKey = randomZipKey();
    const { zipUrl } = await this.deps.zips.completedZip(folder, { key: zipKey, name }, { site: { builderId: site.record.id }, apiOrigin }, true);
    if (!(await repo.complete(site.record.id, user.id, zipUrl))) {
      // Deleted while it rendered (SiteDeletion): what this completion wrote goes too.
      await this.deps.files.remove(folder);
      await this.deps.quota.forget(folder);
      await this.deps.files.remove(path.dirname(zipLocation(dataDir, zipKey, name).file));
      throw siteUnknown();
    }
    await this.deps.versions.keep(await sites.load(site.record.id, user.id), 'download');
    log.info({ siteId: site.record.id, ms: Date.now() - started }, 'builder site completed');
    return { url: zipUrl };
  }

  /**
   * GET /api/webSiteLog/getFilePath: the zip of the last completion, with the 预约 form as the
   * studio chose it now (表单放入压缩包 turned on or off after the completion). Once housekeeping
   * deleted it (a day after it was last asked for), or the form's choice changed, it is made again
   * under a new random key: an old URL stays dead. The site keeps the URL it last handed out.
   */
  async filePath(id: number, user: UserRow, apiOrigin = ''): Promise<ZipUrlAnswer> {
    const { zips, repo } = this.deps;
    const { record } = await this.deps.sites.load(id, user.id);
    const zip = zipKeyAndName(record.zipUrl);
    const folder = completedSiteDir(this.deps.dataDir, record.id);
    const page = path.join(folder, 'index.html');
    const completed = await this.deps.files.exists(page);
    if (record.status !== SiteStatus.completed || !zip || !completed) throw invalid(BuilderMessages.siteNotCompleted);
    const { zipUrl } = await zips.completedZip(folder, zip, { site: { builderId: record.id }, apiOrigin });
    if (zipUrl !== record.zipUrl) await repo.setZipUrl(record.id, user.id, zipUrl);
    return { url: zipUrl };
  }
}
