import { BuilderLimits, COMPONENT_TYPES } from '../../../contract/builder';
import { envelope, object, responses, str, type JsonSchema } from '../../http/schemaKit';
import { configGroup } from '../miniSite/schemas';
import { phonePreviewAnswer } from '../phonePreview/schemas';
import { takedownSchema } from '../publishing/schemas';

/**
 * Caps here only stop oversized input. The field rules (lengths, required fields, files we have)
 * are the contract's and the service's, so that an answer carries the form's Chinese message.
 */
const id = { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 };
const page = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 1 };
const taskId = str(64, { default: '' });
const perType = (schema: JsonSchema): Record<string, JsonSchema> => Object.fromEntries(COMPONENT_TYPES.map((type) => [type, schema]));

/** Template ids by type; types left out keep the site's. */
const selectedIds = { ...object(perType({ type: 'integer', minimum: 0, maximum: 1_000_000 })), default: {} };
/** One type's values: keys are the template's field keys (others are dropped by the service). */
const values = { type: 'object', maxProperties: 300, additionalProperties: str(4096) };
const formData = { ...object(perType(values)), default: {} };

const componentTemplate = object(
  {
    id: { type: 'integer' },
    name: { type: 'string' },
    type: { type: 'string', enum: [...COMPONENT_TYPES] },
    url: { type: 'string' },
    preview_image: { type: 'string' },
    config: { type: 'array', items: configGroup },
  },
  ['id', 'name', 'type', 'url', 'preview_image', 'config'],
);

const builderSite = object(
  {
    id: { type: 'integer' },
    web_name: { type: 'string' },
    status: { type: 'integer' },
    previewUrl: { type: 'string' },
    configData: object(perType({ type: 'array', items: configGroup }), [...COMPONENT_TYPES]),
    formData: object(perType({ type: 'object', additionalProperties: { type: 'string' } }), [...COMPONENT_TYPES]),
    selectedComponents: object(perType(componentTemplate), [...COMPONENT_TYPES]),
    templatePath: { type: 'string' },
    bannerArtist: { type: 'string' },
    bannerKeyArt: { type: 'string' },
    bannerStyle: { type: 'string' },
  },
  ['id', 'web_name', 'status', 'previewUrl', 'configData', 'formData', 'selectedComponents', 'templatePath', 'bannerArtist', 'bannerKeyArt', 'bannerStyle'],
);
const siteAnswer = responses(builderSite, { needsLogin: true });

/** The game's identity by the site forms' keys: values a field would refuse are left out by the service. */
const identity = { type: 'object', maxProperties: 40, additionalProperties: str(400), default: {} };

export const getWebUrlSchema = {
  body: object({ type: { type: 'string', enum: [...COMPONENT_TYPES], default: 'main' }, id, selectedComponents: selectedIds, identity }),
  response: siteAnswer,
};

export const siteIdSchema = { body: object({ id }), response: siteAnswer };

export const saveConfigSchema = {
  body: object({ id, previewUrl: str(2048, { default: '' }), formData, selectedComponents: selectedIds }),
  response: siteAnswer,
};

const zipUrl = responses(object({ url: { type: 'string' } }, ['url']), { needsLogin: true });

export const completeWebSchema = { body: object({ id, formData }), response: zipUrl };

export const generateBannerSchema = {
  body: object({ id, isFirst: { type: 'boolean', default: true }, formData: { ...values, default: {} } }),
  response: responses(
    object(
      { callbackUrl: { type: 'string' }, durationTime: { type: 'number' }, isInquiry: { type: 'boolean' }, waitCount: { type: 'integer' }, completed: { type: 'boolean' } },
      ['callbackUrl', 'durationTime', 'isInquiry', 'waitCount', 'completed'],
    ),
    { needsLogin: true },
  ),
};

export const bannerStatusSchema = {
  querystring: object({ taskId }),
  response: responses(
    object(
      { status: { type: 'integer' }, waitCount: { type: 'integer' }, msg: { type: 'string' }, bannerId: { type: 'string' }, bannerUrl: { type: 'string' }, logoUrl: { type: 'string' } },
      ['status', 'waitCount', 'msg', 'bannerId', 'bannerUrl', 'logoUrl'],
    ),
    { needsLogin: true },
  ),
};

export const setBannerPreviewSchema = { body: object({ id, bannerId: taskId }), response: siteAnswer };

export const setAllConfigLogoSchema = {
  body: object({ id, bannerLogo: { ...object({ id: taskId, value: str(2048, { default: '' }) }), default: {} } }),
  response: siteAnswer,
};

export const setWebMusicSchema = {
  body: object({ id, musicId: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 }, name: str(200, { default: '' }) }),
  response: siteAnswer,
};

export const componentListSchema = {
  // opt_ids is an array or a comma-separated string (the service reads both), so it has no type here.
  body: object({ page, opt_ids: {} }),
  response: responses(
    object({ data: { type: 'array', items: componentTemplate }, current_page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } }, [
      'data',
      'current_page',
      'per_page',
      'total',
    ]),
    { needsLogin: true },
  ),
};

/** The body is multipart (no JSON schema for it): the answer, and HTTP 413 for a file past 2 MB. */
export const siteFileUploadSchema = {
  response: { ...responses(object({ url: { type: 'string' } }, ['url']), { needsLogin: true }), 413: envelope(null) },
};

export const siteListSchema = {
  querystring: object({ page, page_size: { type: 'integer', minimum: 0, maximum: 1000, default: BuilderLimits.siteListDefaultPageSize }, name: str(100, { default: '' }) }),
  response: responses(
    object(
      {
        list: {
          type: 'array',
          items: object(
            {
              id: { type: 'integer' },
              web_name: { type: 'string' },
              status: { type: 'integer' },
              create_time: { type: 'string' },
              update_time: { type: 'string' },
              published_url: { type: 'string' },
              takedown: takedownSchema,
            },
            ['id', 'web_name', 'status', 'create_time', 'update_time', 'published_url'],
          ),
        },
        total: { type: 'integer' },
      },
      ['list', 'total'],
    ),
    { needsLogin: true },
  ),
};

export const filePathSchema = { querystring: object({ id }), response: zipUrl };

const versionsShape = {
  list: {
    type: 'array',
    items: object(
      { id: { type: 'integer' }, reason: { type: 'string' }, web_name: { type: 'string' }, picture: { type: 'string' }, create_time: { type: 'string' } },
      ['id', 'reason', 'web_name', 'picture', 'create_time'],
    ),
  },
  limit: { type: 'integer' },
};

export const versionsSchema = { querystring: object({ id }), response: responses(object(versionsShape, ['list', 'limit']), { needsLogin: true }) };

export const restoreVersionSchema = {
  body: object({ id, versionId: id }),
  response: responses(object({ ...versionsShape, restored: { type: 'boolean' } }, ['list', 'limit', 'restored']), { needsLogin: true }),
};

export const phonePreviewSchema = { body: object({ id }), response: phonePreviewAnswer };

export const deleteSiteSchema = { body: object({ id }), response: responses(null, { needsLogin: true }) };
