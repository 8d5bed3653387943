import type { FastifyBaseLogger } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import {
  DEFAULT_RESERVE_SETTINGS,
  RESERVE_PLATFORMS,
  ReserveLimits,
  ReserveMessages,
  ReservePlatformLabels,
  checkReserveSettings,
  maskReservePhone,
  type GiftCodeAddAnswer,
  type ReservationListAnswer,
  type ReservePlatform,
  type ReserveOwnerState,
  type ReserveSaveSettingsAnswer,
  type ReserveSettings,
  type ReserveSiteRef,
} from '../../../contract/reservations';
import { chinaTime } from '../../http/chinaTime';
import { BusinessError, assertValid, invalid } from '../../http/envelope';
import { randomToken } from '../../security/secrets';
import { toCsv } from './csv';
import { generateGiftCodes, parseGiftCodes } from './giftCodes';
import type { Campaign, ReserveRepository, ReserveSite } from './repository';

const siteUnknown = (): BusinessError => new BusinessError(AnswerCode.notFound, ReserveMessages.siteUnknown);

/** 18 random bytes: the 24 characters of ReserveLimits.campaignIdPattern. */
const newPublicId = (): string => randomToken(18);

/** The site's live page, whose 预约 block follows the settings (publishing/sitePublishing.ts). */
export interface ReserveLivePages {
  /** False when the site is not published. */
  restampReserveBlock(source: ReserveSite, site: ReserveSiteRef, appOrigin: string): Promise<boolean>;
}

/** What the back office calls for one of the user's own sites (ReserveOwnerRoutes). */
export class ReserveOwnerService {
  constructor(
    private readonly repo: ReserveRepository,
    private readonly pages: ReserveLivePages,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The user's site; another user's site answers exactly like a missing one. */
  private async site(ref: ReserveSiteRef, userId: number): Promise<ReserveSite> {
    if (!ref.builderId && !ref.miniSiteDir) throw invalid(ReserveMessages.siteRequired);
    const site = await this.repo.ownedSite(ref, userId);
    if (!site) throw siteUnknown();
    return site;
  }

  private async campaign(ref: ReserveSiteRef, userId: number): Promise<Campaign> {
    const campaign = await this.repo.campaignOfSite(await this.site(ref, userId));
    if (!campaign) throw invalid(ReserveMessages.settingsFirst);
    return campaign;
  }

  private async stateOf(campaign: Campaign | null): Promise<ReserveOwnerState> {
    if (!campaign) return { campaignId: null, settings: DEFAULT_RESERVE_SETTINGS, count: 0, codes: { total: 0, given: 0, left: 0 } };
    return { campaignId: campaign.publicId, settings: campaign.settings, count: await this.repo.count(campaign.id), codes: await this.repo.codeCounts(campaign.id) };
  }

  async state(ref: ReserveSiteRef, userId: number): Promise<ReserveOwnerState> {
    return this.stateOf(await this.repo.campaignOfSite(await this.site(ref, userId)));
  }

  /** Saves the settings and sets the block of the site's live page to match; `appOrigin` as for 发布. */
  async save(ref: ReserveSiteRef, settings: ReserveSettings | undefined, userId: number, appOrigin: string): Promise<ReserveSaveSettingsAnswer> {
    const site = await this.site(ref, userId);
    if (!settings) throw invalid(ReserveMessages.settingsMissing);
    assertValid(checkReserveSettings(settings));
    const clean: ReserveSettings = {
      enabled: settings.enabled,
      platforms: RESERVE_PLATFORMS.filter((platform) => settings.platforms.includes(platform)),
      tiers: settings.tiers.map((tier) => ({ count: tier.count, reward: tier.reward.trim() })),
      privacyNotice: settings.privacyNotice.trim(),
      zipForm: settings.zipForm,
    };
    await this.repo.saveSettings(site, userId, newPublicId(), clean);
    const state = await this.stateOf(await this.repo.campaignOfSite(site));
    return { ...state, publishedPage: await this.followLivePage(site, ref, appOrigin) };
  }

  /** The saved settings hold whatever the store says: a page not changed is the studio's to publish again. */
  private async followLivePage(site: ReserveSite, ref: ReserveSiteRef, appOrigin: string): Promise<ReserveSaveSettingsAnswer['publishedPage']> {
    try {
      return (await this.pages.restampReserveBlock(site, ref, appOrigin)) ? 'updated' : 'none';
    } catch (error) {
      this.log.error({ err: error, site }, 'the live page of a site kept its old 预约 block');
      return 'failed';
    }
  }

  async list(ref: ReserveSiteRef, page: number, pageSize: number, userId: number): Promise<ReservationListAnswer> {
    const campaign = await this.repo.campaignOfSite(await this.site(ref, userId));
    if (!campaign) return { total: 0, page, pageSize, records: [] };
    const rows = await this.repo.page(campaign.id, (page - 1) * pageSize, pageSize);
    return {
      total: await this.repo.count(campaign.id),
      page,
      pageSize,
      records: rows.map((row) => ({ id: Number(row.id), createdAt: Number(row.created_at), maskedPhone: maskReservePhone(row.phone), platform: row.platform as ReservePlatform, channel: row.channel, giftCode: row.gift_code })),
    };
  }

  /** The whole list with full phones, for the owner only. */
  async exportCsv(ref: ReserveSiteRef, userId: number): Promise<string> {
    const campaign = await this.repo.campaignOfSite(await this.site(ref, userId));
    const rows = campaign ? await this.repo.all(campaign.id) : [];
    return toCsv([
      ['预约时间', '手机号', '平台', '渠道', '礼包码'],
      ...rows.map((row) => [chinaTime(Number(row.created_at)), row.phone, ReservePlatformLabels[row.platform as ReservePlatform] ?? row.platform, row.channel, row.gift_code]),
    ]);
  }

  async remove(ref: ReserveSiteRef, id: number, userId: number): Promise<ReserveOwnerState> {
    const campaign = await this.campaign(ref, userId);
    if (!(await this.repo.remove(campaign.id, id))) throw new BusinessError(AnswerCode.notFound, ReserveMessages.recordUnknown);
    return this.stateOf(campaign);
  }

  async uploadCodes(ref: ReserveSiteRef, text: string, userId: number): Promise<GiftCodeAddAnswer> {
    const campaign = await this.campaign(ref, userId);
    const { codes, duplicates } = parseGiftCodes(text);
    return this.addCodes(campaign, codes, duplicates);
  }

  async generateCodes(ref: ReserveSiteRef, count: number, userId: number): Promise<GiftCodeAddAnswer> {
    if (!Number.isInteger(count) || count < 1 || count > ReserveLimits.giftCodesPerAdd) throw invalid(ReserveMessages.generateCountInvalid);
    const campaign = await this.campaign(ref, userId);
    return this.addCodes(campaign, generateGiftCodes(count), 0);
  }

  private async addCodes(campaign: Campaign, codes: string[], duplicates: number): Promise<GiftCodeAddAnswer> {
    const before = await this.repo.codeCounts(campaign.id);
    if (before.total + codes.length > ReserveLimits.giftCodesPerCampaign) throw invalid(ReserveMessages.codesTooManyInCampaign);
    const added = await this.repo.addCodes(campaign.id, codes);
    return { added, duplicates: duplicates + codes.length - added, codes: await this.repo.codeCounts(campaign.id) };
  }
}

