import { object, responses, str } from '../../http/schemaKit';
import { SITE_CONFIG_DEFAULTS } from './seed';

const siteConfigProperties = Object.fromEntries(Object.keys(SITE_CONFIG_DEFAULTS).map((key) => [key, { type: 'string' }]));

export const siteConfigSchema = {
  response: responses(object(siteConfigProperties, Object.keys(SITE_CONFIG_DEFAULTS))),
};

/** checkLogin and checkOnline take no parameters; a bad or missing token simply answers false. */
export const checkLoginSchema = { response: responses(object({ loginFlag: { type: 'boolean' } }, ['loginFlag'])) };
export const checkOnlineSchema = { response: responses(object({ isOnline: { type: 'boolean' } }, ['isOnline'])) };

export const videoTutorialSchema = {
  body: object({ type: str(64, { default: '' }) }),
  response: responses(object({ videoUrl: { type: 'string' } }, ['videoUrl'])),
};
