import type { ReserveSiteRef } from '../../../contract/reservations';
import type { ReserveBlockInput } from '../../render/site/blocks/ReserveBlock';
import type { ReserveBlocks } from '../siteFiles/reserveBlocks';
import type { ReservePublicService } from './publicService';
import type { ReserveRepository, ReserveSite } from './repository';

/**
 * The 预约 block of a site's outgoing copy (siteFiles/reserveBlocks.ts): what the page shows
 * first, read as the public campaign route answers it now. Its callers (发布, the zips) have
 * checked the site is the caller's already; the preview's block is what anyone who opens the
 * published page sees (the count and tiers are public), so its caller checks nobody.
 */
export class ReservePageBlocks implements ReserveBlocks {
  constructor(private readonly deps: { repo: ReserveRepository; publicService: Pick<ReservePublicService, 'info'> }) {}

  async blockFor(ref: ReserveSiteRef, apiOrigin: string, use: 'page' | 'zip'): Promise<ReserveBlockInput | null> {
    if (!apiOrigin) return null;
    return this.blockOf(await this.deps.repo.siteOf(ref), apiOrigin, use);
  }

  async previewBlockFor(dir: string): Promise<ReserveBlockInput | null> {
    const block = await this.blockOf(await this.deps.repo.siteOfDir(dir), '', 'page');
    return block && { ...block, preview: true };
  }

  private async blockOf(site: ReserveSite | null, apiOrigin: string, use: 'page' | 'zip'): Promise<ReserveBlockInput | null> {
    const campaign = site && (await this.deps.repo.campaignOfSite(site));
    if (!campaign?.settings.enabled) return null;
    if (use === 'zip' && !campaign.settings.zipForm) return null;
    return { apiOrigin, campaign: await this.deps.publicService.info(campaign.publicId) };
  }
}
