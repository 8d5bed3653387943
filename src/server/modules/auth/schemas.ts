import { SMS_CODE_PURPOSES } from '../../../contract/auth';
import { object, responses, str, type JsonSchema } from '../../http/schemaKit';

/**
 * Field caps here only stop oversized input; the user-facing rules (phone pattern, password
 * length, name length...) are the contract's checks, applied in the services so that the answer
 * carries the same Chinese message as the SPA's form.
 */
const phone = str(32, { default: '' });
const password = str(1024, { default: '' });
const smsCode = str(32, { default: '' });
const id = str(128, { default: '' });

export const userInfoSchema: JsonSchema = object(
  { id: { type: 'integer' }, name: { type: 'string' }, mobile: { type: 'string' }, openid: { type: 'string' }, operator: { type: 'boolean' } },
  ['id', 'name', 'mobile', 'openid'],
);

export const loginSchema = {
  body: object({ username: phone, password, captchaId: str(128) }),
  response: responses(object({ token: { type: 'string' }, userInfo: userInfoSchema }, ['token', 'userInfo'])),
};

export const userInfoRouteSchema = { response: responses(userInfoSchema, { needsLogin: true }) };

export const logoutSchema = { response: responses(null, { needsLogin: true }) };

export const smsLoginSchema = {
  body: object({ mobile: phone, verifyCode: smsCode }),
  response: responses(object({ token: { type: 'string' }, userInfo: userInfoSchema }, ['token', 'userInfo'])),
};

export const registerSchema = {
  body: object({ mobile: phone, password, verifyCode: smsCode, invite: str(64) }),
  response: responses(null),
};

export const editPasswordSchema = {
  body: object({ mobile: phone, password, verifyCode: smsCode, openid: str(128) }),
  response: responses(null),
};

const accountSummarySchema: JsonSchema = object(
  {
    name: { type: 'string' },
    wechat: { type: 'boolean' },
    phone: { type: 'boolean' },
    password: { type: 'boolean' },
    builderSites: { type: 'integer' },
    miniSites: { type: 'integer' },
    publishedSites: { type: 'integer' },
    works: { type: 'integer' },
    createdAt: { type: 'integer' },
  },
  ['name', 'wechat', 'phone', 'password', 'builderSites', 'miniSites', 'publishedSites', 'works', 'createdAt'],
);

export const bindPhoneSchema = {
  body: object({ mobile: phone, verifyCode: smsCode }),
  response: responses(
    object({ status: { type: 'string', enum: ['bound', 'choose'] }, userInfo: userInfoSchema, current: accountSummarySchema, phone: accountSummarySchema }, ['status']),
    { needsLogin: true },
  ),
};

export const mergeAccountsSchema = {
  // `keep` is checked by the service, so that a missing or odd choice gets its Chinese message.
  body: object({ mobile: phone, verifyCode: smsCode, keep: str(16, { default: '' }) }),
  response: responses(object({ token: { type: 'string' }, userInfo: userInfoSchema }, ['token', 'userInfo']), { needsLogin: true }),
};

export const updateUserInfoSchema = {
  // `mobile` and `token` are sent by the SPA (spec section 7) but not used: the header identifies the user.
  body: object({ name: str(256, { default: '' }), mobile: str(32), token: str(4096) }),
  response: responses(userInfoSchema, { needsLogin: true }),
};

export const getCaptchaSchema = {
  response: responses(object({ captchaId: { type: 'string' }, img: { type: 'string' } }, ['captchaId', 'img'])),
};

export const verifyCaptchaSchema = {
  body: object({ captchaId: id, code: str(64, { default: '' }) }),
  response: responses(null),
};

export const sendSmsSchema = {
  body: object({ iphone: phone, captchaId: id, purpose: { type: 'string', enum: [...SMS_CODE_PURPOSES] } }, ['purpose']),
  response: responses(null),
};

export const operateLogSchema = {
  // Generous caps: longer values are cut to the contract's lengths rather than refused.
  body: object({ path: str(8192, { default: '' }), query: str(32768, { default: '' }), remark: str(2048, { default: '' }) }),
  response: responses(null),
};
