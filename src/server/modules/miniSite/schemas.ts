import { MiniSiteLimits } from '../../../contract/miniSite';
import { envelope, object, responses, str, type JsonSchema } from '../../http/schemaKit';
import { phonePreviewAnswer } from '../phonePreview/schemas';

/**
 * Caps here only stop oversized input. The field rules (text up to 100, textarea up to 500, the
 * template's own `len`...) are the contract's checks, applied in the service so that the answer
 * carries the same Chinese message as the SPA's form.
 */
const id = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 };
const url = str(2048, { default: '' });

const idName = object({ id: { type: 'integer' }, name: { type: 'string' } }, ['id', 'name']);
const listOf = (item: JsonSchema): JsonSchema => object({ data: { type: 'array', items: item } }, ['data']);

export const categoriesSchema = { response: responses(listOf(idName)) };

const siteTemplate = object(
  {
    id: { type: 'integer' },
    name: { type: 'string' },
    category_id: { type: 'integer' },
    thumbnail: { type: 'string' },
    preview_image: { type: 'string' },
    preview_image_phone: { type: 'string' },
    banner_id: { type: 'integer' },
  },
  ['id', 'name', 'category_id', 'thumbnail', 'preview_image', 'preview_image_phone', 'banner_id'],
);

export const templateListSchema = {
  body: object({
    category_id: id,
    // Larger pages are cut to the maximum rather than refused, like the logo and banner lists.
    per_page: { type: 'integer', minimum: 0, maximum: 10_000, default: MiniSiteLimits.templatePageSize },
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 1 },
  }),
  response: responses(
    object(
      { data: { type: 'array', items: siteTemplate }, total: { type: 'integer' }, current_page: { type: 'integer' }, per_page: { type: 'integer' } },
      ['data', 'total', 'current_page', 'per_page'],
    ),
  ),
};

/** Checked on the way out too: the config is the template's, and the SPA builds its form from it. */
const configField = object(
  {
    key: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['text', 'textarea', 'music', 'image', 'banner', 'banner_logo', 'video'] },
    value: { type: 'string' },
    len: { type: 'integer' },
    tips: { type: 'string' },
    optional: { type: 'boolean' },
    placeholder: { type: 'string' },
    generic: { type: 'boolean' },
  },
  ['key', 'name', 'type', 'value'],
);
export const configGroup = object({ name: { type: 'string' }, children: { type: 'array', items: configField } }, ['name', 'children']);

export const templateConfigSchema = {
  body: object({ templateId: id }),
  response: responses(object({ config: { type: 'array', items: configGroup }, logoCreationDuration: { type: 'number' } }, ['config', 'logoCreationDuration'])),
};

const musicItem = object(
  { id: { type: 'integer' }, name: { type: 'string' }, url: { type: 'string' }, shortUrl: { type: 'string' }, value: { type: 'string' } },
  ['id', 'name', 'url', 'shortUrl', 'value'],
);

export const musicListSchema = { response: responses(listOf(musicItem)) };

/** The body is multipart (no JSON schema for it): the answer, and HTTP 413 for a file past 50 MB. */
export const uploadSchema = {
  response: { ...responses(object({ shortUrl: { type: 'string' }, url: { type: 'string' } }, ['shortUrl', 'url'])), 413: envelope(null) },
};

export const createSiteSchema = {
  body: object({
    templateId: id,
    logoId: id,
    logoUrl: url,
    bannerId: id,
    bannerUrl: url,
    config: {
      type: 'object',
      maxProperties: 200,
      // Values past the largest field limit (textarea 500) are refused by the service's checks;
      // this only keeps a request from carrying megabytes.
      additionalProperties: str(4096),
      default: {},
    },
  }),
  response: responses(object({ previewUrl: { type: 'string' }, webSiteDir: { type: 'string' } }, ['previewUrl', 'webSiteDir']), { needsLogin: true }),
};

/** A request naming one of the caller's site folders. */
const siteDirBody = object({ webSiteDir: str(64, { default: '' }) });

export const siteZipSchema = {
  body: siteDirBody,
  response: responses(object({ zipUrl: { type: 'string' } }, ['zipUrl']), { needsLogin: true }),
};


export const phonePreviewSchema = { body: siteDirBody, response: phonePreviewAnswer };
