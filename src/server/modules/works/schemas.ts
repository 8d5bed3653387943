import { WORK_TYPES, WorkLimits } from '../../../contract/works';
import { object, responses, str } from '../../http/schemaKit';

const download = {
  oneOf: [
    object({ fileName: { type: 'string' }, fileList: { type: 'array', items: { type: 'string' } } }, ['fileName', 'fileList']),
    object({ webSiteDir: { type: 'string' } }, ['webSiteDir']),
  ],
};

const work = object(
  {
    key: { type: 'string' },
    type: { type: 'string', enum: [...WORK_TYPES] },
    title: { type: 'string' },
    picture: { type: 'string' },
    viewUrl: { type: 'string' },
    create_time: { type: 'string' },
    expire_date: { type: 'string' },
    download,
    maker: { type: 'string' },
    publishedSlug: { type: 'string' },
  },
  ['key', 'type', 'title', 'picture', 'viewUrl', 'create_time', 'expire_date', 'download'],
);

/** The type is checked by the service, so that a wrong one gets its Chinese message. */
export const workListSchema = {
  querystring: object({
    type: str(20, { default: '' }),
    page: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 1 },
    page_size: { type: 'integer', minimum: 0, maximum: 1000, default: WorkLimits.pageSize },
  }),
  response: responses(object({ list: { type: 'array', items: work }, total: { type: 'integer' } }, ['list', 'total']), { needsLogin: true }),
};
