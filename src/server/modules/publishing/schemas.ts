import { object, responses } from '../../http/schemaKit';

/** 发布's answer (builder and mini sites) and the mini site's publish state: the link and its QR code. */
export const publishAnswerSchema = responses(object({ url: { type: 'string' }, qrcode: { type: 'string' } }, ['url', 'qrcode']), { needsLogin: true });
