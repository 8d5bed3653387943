import { GENERATION_STAGES, GenerationLimits, TEMPLATE_PAGE_SIZE } from '../../../contract/generation';
import { object, responses, str, type JsonSchema } from '../../http/schemaKit';

/**
 * Caps here only stop oversized input. The form rules (logotext 1 to 6 characters, seals up to 4,
 * banner texts 15 to 30...) are the contract's checks, applied in the service so that the answer
 * carries the same Chinese message as the SPA's form; a schema cap would answer a generic one.
 */
const text = str(1000, { default: '' });
const styleId = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 };

const pageRequest = object({
  per_page: { type: 'integer', minimum: 0, maximum: 10_000, default: TEMPLATE_PAGE_SIZE },
  page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 1 },
});

const pageOf = (item: JsonSchema): JsonSchema =>
  object(
    { data: { type: 'array', items: item }, total: { type: 'integer' }, current_page: { type: 'integer' }, per_page: { type: 'integer' } },
    ['data', 'total', 'current_page', 'per_page'],
  );

/** What a banner's answers say of its picture (BannerArtInfo). */
const artInfo: Record<string, JsonSchema> = {
  artMaker: { type: 'string', enum: ['', 'ai', 'upload', 'scene'] },
  artMakerLabel: { type: 'string' },
  keyArtUrl: { type: 'string' },
};
const ART_INFO_FIELDS = Object.keys(artInfo);

const stringFields = (names: string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((name) => [name, { type: 'string' }]));

const logoTemplate = object({ id: { type: 'integer' }, ...stringFields(['name', 'thumbnail', 'preview_image1', 'preview_image']) }, [
  'id',
  'name',
  'thumbnail',
  'preview_image1',
  'preview_image',
]);

const bannerTemplate = object({ id: { type: 'integer' }, ...stringFields(['name', 'thumbnail', 'preview_video', 'preview_image']) }, [
  'id',
  'name',
  'thumbnail',
  'preview_video',
  'preview_image',
]);

export const logoListSchema = { body: pageRequest, response: responses(pageOf(logoTemplate)) };
export const bannerListSchema = { body: pageRequest, response: responses(pageOf(bannerTemplate)) };

export const logoCreateSchema = {
  body: object({
    logotext: text,
    rightsealtext: text,
    bottomsealtext: text,
    bottomtext: text,
    bannertextup: text,
    bannertextdown: text,
    logobg: styleId,
    banner: styleId,
    // An upload URL, checked by the service against the uploads it knows.
    keyArt: str(200, { default: '' }),
    // AI生成主视觉's description: capped here at its limit (code points can take two UTF-16 units),
    // checked by the service with the contract's rule and message.
    keyArtPrompt: str(GenerationLimits.keyArtPromptMax * 2, { default: '' }),
    // Checked by the service, so that a wrong value gets the contract's message.
    module: str(16, { default: '' }),
    // Without it, ask before queueing behind a long queue: the safer reading.
    isFirst: { type: 'boolean', default: true },
  }),
  response: responses(
    object(
      {
        uniqueId: { type: 'string' },
        isInquiry: { type: 'boolean' },
        exist: { type: 'boolean' },
        waitCount: { type: 'integer' },
        logoUrl: { type: 'string' },
        bannerUrl: { type: 'string' },
        expectedSeconds: { type: 'number' },
        ...artInfo,
      },
      ['uniqueId', 'isInquiry', 'exist', 'waitCount', 'logoUrl', 'bannerUrl', 'expectedSeconds', ...ART_INFO_FIELDS],
    ),
    { needsLogin: true },
  ),
};

export const logoPollingSchema = {
  body: object({ uniqueId: str(128, { default: '' }) }),
  response: responses(
    object(
      {
        expired: { type: 'boolean' },
        errorMsg: { type: 'string' },
        waitCount: { type: 'integer' },
        isCreate: { type: 'boolean' },
        logoUrl: { type: 'string' },
        bannerUrl: { type: 'string' },
        expectedSeconds: { type: 'number' },
        stage: { type: 'string', enum: ['', ...GENERATION_STAGES] },
        ...artInfo,
      },
      ['expired', 'errorMsg', 'waitCount', 'isCreate', 'logoUrl', 'bannerUrl', 'expectedSeconds', 'stage', ...ART_INFO_FIELDS],
    ),
    { needsLogin: true },
  ),
};

export const keyArtProviderSchema = {
  response: responses(object({ available: { type: 'boolean' }, label: { type: 'string' } }, ['available', 'label'])),
};

export const durationSchema = {
  body: object({ module: str(16, { default: '' }), logobg: styleId, banner: styleId }),
  response: responses(object({ logoCreationDuration: { type: 'number' } }, ['logoCreationDuration'])),
};

export const bannerCutsSchema = {
  body: object({ bannerUrl: str(2048) }, ['bannerUrl']),
  response: responses(
    object(
      {
        ready: { type: 'boolean' },
        portraitProgress: { type: 'integer' },
        portraitUrl: { type: 'string' },
        portraitPosterUrl: { type: 'string' },
        portraitWebmUrl: { type: 'string' },
        webmUrl: { type: 'string' },
        ...artInfo,
      },
      ['ready', 'portraitProgress', 'portraitUrl', 'portraitPosterUrl', 'portraitWebmUrl', 'webmUrl', ...ART_INFO_FIELDS],
    ),
  ),
};

export const zipSchema = {
  body: object(
    {
      fileName: str(200, { default: '' }),
      fileList: { type: 'array', minItems: 1, maxItems: GenerationLimits.zipFileListMax, items: str(2048) },
      waitForExtras: { type: 'boolean', default: true },
    },
    ['fileList'],
  ),
  response: responses(object({ zipUrl: { type: 'string' } }, ['zipUrl'])),
};
