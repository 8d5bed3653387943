import { object, responses, str } from '../../http/schemaKit';

/** 发布's answer (builder and mini sites) and the mini site's publish state: the link and its QR code. */
export const publishAnswerSchema = responses(object({ url: { type: 'string' }, qrcode: { type: 'string' } }, ['url', 'qrcode']), { needsLogin: true });

/** A published page an operator took down (内容审核), as its owner's lists show it; null while online. */
export const takedownSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['slug', 'reason', 'reviewRequested'],
  properties: { slug: { type: 'string' }, reason: { type: 'string' }, reviewRequested: { type: 'boolean' } },
};
const publishStateSchema = responses(object({ url: { type: 'string' }, qrcode: { type: 'string' }, takedown: takedownSchema }, ['url', 'qrcode']), { needsLogin: true });

const unpublishAnswer = responses(null, { needsLogin: true });

/** A builder site, by the id the builder's calls name it with. */
const builderSiteBody = object({ id: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 } });
/** A mini site, by its folder. */
const miniSiteBody = object({ webSiteDir: str(64, { default: '' }) });

export const builderPublishSchema = { body: builderSiteBody, response: publishAnswerSchema };
export const builderUnpublishSchema = { body: builderSiteBody, response: unpublishAnswer };

/** 发布 and its state (the state answers '' and '' when the site is not published). */
export const miniSitePublishSchema = { body: miniSiteBody, response: publishAnswerSchema };
export const miniSitePublishStateSchema = { body: miniSiteBody, response: publishStateSchema };
export const miniSiteUnpublishSchema = { body: miniSiteBody, response: unpublishAnswer };
