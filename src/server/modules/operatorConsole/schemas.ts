import { CONSOLE_JOB_STATUSES } from '../../../contract/consoleQueue';
import { object } from '../../http/schemaKit';

const page = { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 };
// A job id as jobIdentity makes it (JOB_ID_PATTERN): anything else is refused before a query.
const jobId = object({ id: { type: 'string', pattern: '^[0-9a-f]{32}$' } }, ['id']);

export const jobListSchema = { querystring: object({ status: { type: 'string', enum: [...CONSOLE_JOB_STATUSES], default: 'waiting' }, page }) };
export const jobActionSchema = { params: jobId };
