import { OperatorLimits } from '../../../contract/operators';
import { object, str } from '../../http/schemaKit';

const page = { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 };
const userId = object({ id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } }, ['id']);

export const userListSchema = { querystring: object({ q: str(OperatorLimits.searchMaxLength, { default: '' }), page }) };
export const userSchema = { params: userId };
// The reason's length is checked by the service, so that a long one gets its Chinese message.
export const disableSchema = { params: userId, body: object({ reason: str(2000) }, ['reason']) };
export const enableSchema = { params: userId };
export const roleSchema = { params: userId, body: object({ role: { type: 'string', enum: ['user', 'operator'] } }, ['role']) };
export const actionListSchema = { querystring: object({ page }) };
