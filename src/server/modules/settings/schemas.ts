import { SETTING_KEYS } from '../../../contract/siteSettings';
import { object, responses } from '../../http/schemaKit';

const values = object(Object.fromEntries(SETTING_KEYS.map((key) => [key, { type: 'string' }])), SETTING_KEYS);
const consoleSettings = object({ values, defaults: values, atDefault: { type: 'array', items: { type: 'string' } } }, ['values', 'defaults', 'atDefault']);

export const readSchema = { response: responses(consoleSettings) };

/**
 * Any keys, kept as they come (not the schema kit's object, which would drop unknown ones): the
 * service refuses an unknown key or a bad value by name, in Chinese. Bounded here only against
 * bodies no form would send.
 */
export const updateSchema = {
  body: { type: 'object', maxProperties: 100 },
  response: responses(consoleSettings),
};

export const uploadSchema = {
  response: responses(object({ url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } }, ['url', 'width', 'height'])),
};

export const videoUploadSchema = { response: responses(object({ url: { type: 'string' } }, ['url'])) };
