import { RESERVE_PLATFORMS, ReserveLimits } from '../../../contract/reservations';
import { object, str, type JsonSchema } from '../../http/schemaKit';

/**
 * Field caps stop oversized input only; the rules a player or a studio can break are checked in
 * the services, so that each answer carries the contract's Chinese message.
 */
const campaignId = str(64, { default: '' });
const phone = str(32, { default: '' });
const id = str(128, { default: '' });

/** Exactly one of the two names the site; the service says which is missing. */
const siteRef: Record<string, JsonSchema> = {
  builderId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  miniSiteDir: str(32, { pattern: '^[0-9a-f]{32}$' }),
};

export const campaignSchema = { params: object({ campaignId }, ['campaignId']) };

export const verifyCaptchaSchema = { body: object({ captchaId: id, code: str(32, { default: '' }) }) };

export const sendSmsSchema = { body: object({ campaignId, phone, captchaId: id }) };

export const submitSchema = {
  body: object({
    campaignId,
    phone,
    smsCode: str(32, { default: '' }),
    platform: str(16, { default: '' }),
    channel: str(ReserveLimits.channelInputMax, { default: '' }),
    consent: { type: 'boolean', default: false },
  }),
};

export const ticketSchema = { params: object({ ticket: str(ReserveLimits.ticketMax) }, ['ticket']) };

export const siteQuerySchema = { querystring: object(siteRef) };

export const listSchema = {
  querystring: object({
    ...siteRef,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: ReserveLimits.listPageSizeMax, default: ReserveLimits.listPageSizeDefault },
  }),
};

const tier = object({ count: { type: 'integer' }, reward: str(200) }, ['count', 'reward']);

export const saveSettingsSchema = {
  body: object(
    {
      ...siteRef,
      settings: object(
        {
          enabled: { type: 'boolean' },
          platforms: { type: 'array', maxItems: 10, items: str(16, { enum: [...RESERVE_PLATFORMS] }) },
          tiers: { type: 'array', maxItems: 20, items: tier },
          privacyNotice: str(ReserveLimits.privacyNoticeMax * 2),
          zipForm: { type: 'boolean' },
        },
        ['enabled', 'platforms', 'tiers', 'privacyNotice', 'zipForm'],
      ),
    },
    // Nothing is required at this level: a call without a login is answered 401 before its body is judged.
  ),
};

export const removeSchema = { body: object({ ...siteRef, id: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 } }) };

export const uploadCodesSchema = { body: object({ ...siteRef, text: str(ReserveLimits.giftCodeTextMax + 1, { default: '' }) }) };

export const generateCodesSchema = { body: object({ ...siteRef, count: { type: 'integer', default: 0 } }) };
