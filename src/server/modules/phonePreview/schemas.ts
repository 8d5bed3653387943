import { object, responses } from '../../http/schemaKit';

/** 手机预览's answer (the builder's and the mini site's). */
export const phonePreviewAnswer = responses(object({ url: { type: 'string' }, qrcode: { type: 'string' }, expiresAt: { type: 'integer' } }, ['url', 'qrcode', 'expiresAt']), { needsLogin: true });
