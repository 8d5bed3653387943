import { ModerationLimits, PUBLISHED_STATUSES, REPORT_STATUSES } from '../../../contract/moderation';
import { object, str } from '../../http/schemaKit';

const page = { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 };
const slug = object({ slug: { type: 'string', pattern: '^[0-9a-f]{32}$' } }, ['slug']);
const reportId = object({ id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } }, ['id']);

export const publishedListSchema = {
  querystring: object({ q: str(ModerationLimits.searchMaxLength, { default: '' }), status: { type: 'string', enum: [...PUBLISHED_STATUSES] }, page }),
};
// Lengths are checked by the service, so that a long text gets its Chinese message; the schema only bounds the body.
export const takedownSchema = { params: slug, body: object({ reason: str(2000) }, ['reason']) };
export const restoreSchema = { params: slug };
export const reportListSchema = { querystring: object({ status: { type: 'string', enum: [...REPORT_STATUSES] }, page }) };
export const resolveSchema = { params: reportId, body: object({ action: { type: 'string', enum: ['takedown', 'dismiss'] }, note: str(2000, { default: '' }) }, ['action']) };
export const wordsSchema = { body: object({ words: str(ModerationLimits.sensitiveWordsMax * (ModerationLimits.sensitiveWordMaxLength + 2)) }, ['words']) };
export const requestReviewSchema = { body: object({ slug: str(64, { default: '' }) }) };
// An HTML form sends whatever it holds: every field is text here, checked by the service.
export const reportSchema = { body: object({ site: str(64, { default: '' }), category: str(32, { default: '' }), text: str(5000, { default: '' }), contact: str(500, { default: '' }) }) };
export const reportPageSchema = { querystring: object({ site: str(64, { default: '' }) }) };
