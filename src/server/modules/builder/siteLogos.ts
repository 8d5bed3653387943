import { COMPONENT_TYPES, type BuilderSite, type ComponentType } from '../../../contract/builder';
import { configFields } from '../../../contract/miniSite';
import { jobFileUrl } from '../../queue/paths';
import type { RenderQueue } from '../../queue/renderQueue';
import { logoTextOfSite } from '../../render/builder/catalog';
import { defaultUrl } from '../../render/builder/defaults';
import { mainKeys } from '../../render/builder/definitions/main';
import { JOB_FILES, type LogoJobSpec } from '../../render/jobSpec';
import { resultFileOf } from '../generation/zip';
import type { UserRow } from '../auth/repository';
import type { WorksRepository } from '../works/repository';
import type { ComponentCatalogue } from './components';
import { LOGO_TEXT_KEY } from './formValues';
import type { BuilderRepository } from './repository';
import type { BuilderService, LoadedSite } from './service';

/** How long a call waits for a logo drawn from the site's name: a logo takes a fraction of a second on an idle queue. */
export const NAME_LOGO_WAIT_MS = 15_000;

const NO_HOSTS: ReadonlySet<string> = new Set();

export interface SiteLogoDeps {
  queue: RenderQueue;
  repo: BuilderRepository;
  sites: BuilderService;
  works: WorksRepository;
  catalogue: ComponentCatalogue;
}

/** A logo field of a site, by type and key, with its value. */
interface LogoField {
  type: ComponentType;
  key: string;
  value: string;
}

/** The logo the site should show: the picture's URL, the job that made it and its style. */
interface WantedLogo {
  url: string;
  jobId: string;
  style: number;
}

/**
 * The site's own logo before any banner is generated (POST /api/createWeb/siteLogo): never the
 * sample that says 游戏名称. A new site takes the newest logo the user made for this game (its
 * name) in 我的作品, in that logo's style; otherwise, and whenever the name, the LOGO文字 or the
 * logo style changes, a logo drawn from the name in the site's logo style (a transparent logo
 * through the queue, as 生成LOGO makes it). A logo the user made with more than the name (seals,
 * a slogan) and the banner's logo stay as they are.
 */
export class SiteLogos {
  constructor(private readonly deps: SiteLogoDeps) {}

  async follow(id: number, user: UserRow, ip: string): Promise<BuilderSite> {
    const { sites, repo } = this.deps;
    const site = await sites.load(id, user.id);
    const text = logoTextOf(site);
    const stale = await this.staleFields(site, text);
    if (!text || stale.length === 0) return sites.answer(site);
    const own = stale.every((field) => field.value === defaultUrl.logo()) ? await this.ownLogo(user.id, text) : null;
    const wanted = own ?? (await this.drawn(site.selected.logo, text, user, ip));
    if (!wanted) return sites.answer(site);
    await repo.rememberTask(user.id, wanted.jobId, site.record.id);
    // Saves may have come while it was drawn: only fields that still hold what they held change.
    const now = await sites.load(id, user.id);
    if (logoTextOf(now) !== text || (!own && now.selected.logo !== site.selected.logo)) return sites.answer(now);
    const values: Partial<Record<ComponentType, Record<string, string>>> = {};
    for (const field of stale) {
      if (now.formData[field.type]?.[field.key] === field.value) values[field.type] = { ...values[field.type], [field.key]: wanted.url };
    }
    if (Object.keys(values).length === 0) return sites.answer(now);
    await sites.takeChange(user);
    return sites.setValues(now, values, { ...now.selected, logo: wanted.style });
  }

  /** The logo fields that still show the sample, or a logo drawn from another name or in another style. */
  private async staleFields(site: LoadedSite, text: string): Promise<LogoField[]> {
    const stale: LogoField[] = [];
    const drawnFrom = new Map<string, { text: string; style: number } | null>();
    for (const type of COMPONENT_TYPES) {
      for (const field of configFields(site.configs[type])) {
        if (field.type !== 'banner_logo') continue;
        const value = site.formData[type][field.key] ?? '';
        if (value === defaultUrl.logo()) {
          stale.push({ type, key: field.key, value });
          continue;
        }
        const named = resultFileOf(value, NO_HOSTS);
        if (!named) continue;
        if (!drawnFrom.has(named.id)) drawnFrom.set(named.id, await this.nameLogoOf(named.id, site.userId));
        const drawn = drawnFrom.get(named.id);
        if (drawn && (drawn.text !== text || drawn.style !== site.selected.logo)) stale.push({ type, key: field.key, value });
      }
    }
    return stale;
  }

  /** The name and style of a logo of the user's that holds only a name (nothing else the user chose), else null. */
  private async nameLogoOf(jobId: string, userId: number): Promise<{ text: string; style: number } | null> {
    if (!(await this.deps.repo.ownsTask(userId, jobId))) return null;
    const job = await this.deps.queue.finishedJob(jobId);
    if (!job || (job.spec.kind !== 'tl' && job.spec.kind !== 'al')) return null;
    const { logotext, rightsealtext, bottomsealtext, bottomtext } = job.spec.texts;
    return rightsealtext || bottomsealtext || bottomtext ? null : { text: logotext, style: job.spec.logoStyle };
  }

  /** The newest logo the user made with this name (我的作品), when its style is still offered. */
  private async ownLogo(userId: number, text: string): Promise<WantedLogo | null> {
    const latest = await this.deps.works.latestLogo(userId, text);
    const job = latest ? await this.deps.queue.finishedJob(latest.jobId) : null;
    if (!latest || !job || (job.spec.kind !== 'tl' && job.spec.kind !== 'al') || !this.deps.catalogue.find('logo', job.spec.logoStyle)) return null;
    const file = job.spec.kind === 'tl' ? JOB_FILES.tl.logo : JOB_FILES.al.still;
    return job.files.includes(file) ? { url: jobFileUrl(job.id, file), jobId: job.id, style: job.spec.logoStyle } : null;
  }

  /** A transparent logo of `text` in `style`, through the queue (an identical one is answered at once); null when it could not be had in time. */
  private async drawn(style: number, text: string, user: UserRow, ip: string): Promise<WantedLogo | null> {
    const { queue } = this.deps;
    const spec: LogoJobSpec = { kind: 'tl', logoStyle: style, texts: { logotext: text, rightsealtext: '', bottomsealtext: '', bottomtext: '' } };
    const outcome = await queue.submit(spec, { isFirst: false, userId: user.id, ip });
    if (outcome.type === 'refused' || outcome.type === 'inquiry') return null;
    if (outcome.type === 'queued' && !(await queue.jobEnded(outcome.id, NAME_LOGO_WAIT_MS))) return null;
    const done = await queue.poll(outcome.id, user.id);
    return done.type === 'done' ? { url: jobFileUrl(done.id, JOB_FILES.tl.logo), jobId: done.id, style } : null;
  }
}

/** The text of the site's logo: its LOGO文字, else the first characters of its name (as 生成banner takes it). */
function logoTextOf(site: LoadedSite): string {
  return site.formData.logo[LOGO_TEXT_KEY]?.trim() || logoTextOfSite(site.formData.main[mainKeys.webName] ?? '');
}
