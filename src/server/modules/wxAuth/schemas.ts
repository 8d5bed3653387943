import { object, responses, str } from '../../http/schemaKit';
import { userInfoSchema } from '../auth/schemas';

/** hostname[:port] or [ipv6][:port]: what a browser puts in location.host, nothing more. */
export const HOST_PATTERN = '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$';

const ticket = str(128, { default: '' });

export const qrcodeSchema = {
  body: object({ qrcode: str(128), host: str(261, { pattern: HOST_PATTERN }) }, ['host']),
  response: responses(
    object({ qrcode: { type: 'string' }, ticket: { type: 'string' }, expiresIn: { type: 'integer' }, scanUrl: { type: 'string' } }, ['qrcode', 'ticket', 'expiresIn']),
  ),
};

export const loginInfoSchema = {
  querystring: object({ qrcode: ticket }),
  response: responses(
    object({ status: { type: 'string', enum: ['waiting', 'scanned', 'confirmed', 'expired'] }, token: { type: 'string' }, userInfo: userInfoSchema }, ['status']),
  ),
};

/** The scan pages answer HTML, so they declare their input only. */
export const scanPageSchema = { querystring: object({ ticket }) };

export const scanConfirmSchema = {
  body: object({ ticket, action: { type: 'string', enum: ['confirm', 'cancel'], default: 'confirm' } }),
};
