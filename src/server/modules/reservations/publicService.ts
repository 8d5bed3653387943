import type { FastifyBaseLogger } from 'fastify';
import { AnswerCode } from '../../../contract/envelope';
import { Messages } from '../../../contract/messages';
import {
  ReserveLimits,
  ReserveMessages,
  cleanChannel,
  maskReservePhone,
  type MilestoneProgress,
  type ReserveCampaignInfo,
  type ReservePlatform,
  type ReserveRequest,
  type ReserveSuccess,
} from '../../../contract/reservations';
import { checkPhone } from '../../../contract/validation';
import type { Sql } from '../../db/connection';
import { BusinessError, assertValid, invalid } from '../../http/envelope';
import type { PhoneCodes } from '../auth/plugin';
import { reserveCodeKey } from '../auth/smsCodes';
import { maskPhone } from '../auth/smsProviders';
import type { Campaign, ReservationRow, ReserveRepository } from './repository';
import type { ReserveTickets } from './tickets';

export const campaignUnknown = (): BusinessError => new BusinessError(AnswerCode.notFound, ReserveMessages.campaignUnknown);

export interface ReservePublicDeps {
  sql: Sql;
  repo: ReserveRepository;
  phoneCodes: PhoneCodes;
  tickets: ReserveTickets;
  /** Whether the SMS provider has a message for gift codes (smsSendsGiftCodes). */
  sendsGiftCodes: boolean;
  log: FastifyBaseLogger;
}

export function tiersOf(campaign: Campaign, count: number): MilestoneProgress[] {
  return campaign.settings.tiers.map((tier) => ({ ...tier, reached: count >= tier.count }));
}

/** What a launch page's 预约 block calls (ReserveRoutes): any visitor, any origin. */
export class ReservePublicService {
  constructor(private readonly deps: ReservePublicDeps) {}

  /** An enabled campaign by its public id: unknown (404) or closed (422) otherwise. */
  private async openCampaign(campaignId: string): Promise<Campaign> {
    if (!ReserveLimits.campaignIdPattern.test(campaignId)) throw campaignUnknown();
    const campaign = await this.deps.repo.campaignByPublicId(campaignId);
    if (!campaign) throw campaignUnknown();
    if (!campaign.settings.enabled) throw invalid(ReserveMessages.campaignClosed);
    return campaign;
  }

  async info(campaignId: string): Promise<ReserveCampaignInfo> {
    const campaign = await this.openCampaign(campaignId);
    const { repo } = this.deps;
    const count = await repo.count(campaign.id);
    const { platforms, privacyNotice } = campaign.settings;
    return { campaignId, count, tiers: tiersOf(campaign, count), platforms, privacyNotice, codesLeft: await repo.hasFreeCode(campaign.id) };
  }

  /** Sends the 预约 code: a passed captcha, the usual send limits, bound to this campaign. */
  async sendSms(campaignId: string, phone: string, captchaId: string, ip: string): Promise<void> {
    const campaign = await this.openCampaign(campaignId);
    if (!phone) throw invalid(ReserveMessages.phoneRequired);
    await this.deps.phoneCodes.sms.sendReserveCode(phone, captchaId, campaign.publicId, ip);
  }

  /** Checks what can be checked without the database, in the order the form shows the fields. */
  checkRequest(request: ReserveRequest): void {
    if (!request.phone) throw invalid(ReserveMessages.phoneRequired);
    assertValid(checkPhone(request.phone));
    if (!request.smsCode) throw invalid(ReserveMessages.smsCodeRequired);
    if (!request.platform) throw invalid(ReserveMessages.platformRequired);
    if (request.consent !== true) throw invalid(ReserveMessages.consentRequired);
  }

  /**
   * One 预约: the SMS code is spent, and for a phone new to the campaign one free gift code is taken
   * and the record written, all in one transaction (a refused insert gives the code back). A phone
   * that had reserved gets its first answer again: no new count, no second code.
   */
  async submit(request: ReserveRequest): Promise<ReserveSuccess> {
    this.checkRequest(request);
    const campaign = await this.openCampaign(request.campaignId);
    const platform = request.platform;
    if (!campaign.settings.platforms.includes(platform)) throw invalid(ReserveMessages.platformUnknown);
    const { sql, repo, phoneCodes } = this.deps;
    const { phone, smsCode } = request;
    const key = reserveCodeKey(campaign.publicId);
    // A wrong code is counted (the fifth voids it) outside the transaction, which would undo the count.
    const problem = await phoneCodes.codes.check(phone, key, smsCode);
    if (problem) throw invalid(problem);
    const outcome = await sql.transaction().execute(async (trx): Promise<{ record: ReservationRow; again: boolean } | null> => {
      if (!(await phoneCodes.codes.in(trx).consume(phone, key, smsCode))) return null;
      const first = await repo.reservationOf(campaign.id, phone, trx);
      if (first) return { record: first, again: true };
      const giftCode = await repo.takeCode(campaign.id, trx);
      return { record: await repo.insertReservation({ campaignId: campaign.id, phone, platform, channel: cleanChannel(request.channel), giftCode }, trx), again: false };
    });
    if (!outcome) throw invalid(Messages.smsCodeExpired);
    if (!outcome.again && outcome.record.gift_code) await this.sendGiftCode(phone, outcome.record.gift_code);
    return this.success(campaign, outcome.record, outcome.again);
  }

  /** The gift code by SMS too, when the provider has a message for it; a failure leaves it shown only. */
  private async sendGiftCode(phone: string, giftCode: string): Promise<void> {
    if (!this.deps.sendsGiftCodes) return;
    try {
      await this.deps.phoneCodes.provider.send(phone, giftCode, 'giftCode');
    } catch (error) {
      this.deps.log.warn({ err: error, phone: maskPhone(phone) }, 'Gift code SMS not sent; the page shows the code');
    }
  }

  private async success(campaign: Campaign, record: ReservationRow, again: boolean): Promise<ReserveSuccess> {
    const count = await this.deps.repo.count(campaign.id);
    return {
      count,
      tiers: tiersOf(campaign, count),
      giftCode: record.gift_code,
      maskedPhone: maskReservePhone(record.phone),
      platform: record.platform as ReservePlatform,
      ticket: this.deps.tickets.sign(campaign.publicId, Number(record.id)),
      again,
    };
  }

  /** The success state again for a ticket the page kept (404 once the record or campaign is gone). */
  async ticket(ticket: string): Promise<ReserveSuccess> {
    const read = this.deps.tickets.read(ticket);
    if (!read) throw new BusinessError(AnswerCode.notFound, ReserveMessages.ticketUnknown);
    const campaign = await this.deps.repo.campaignByPublicId(read.campaignId);
    const record = campaign && (await this.deps.repo.reservationById(campaign.id, read.recordId));
    if (!campaign || !record) throw new BusinessError(AnswerCode.notFound, ReserveMessages.ticketUnknown);
    return this.success(campaign, record, true);
  }
}
