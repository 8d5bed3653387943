import { object, responses, str } from '../../http/schemaKit';

const figures = { views: { type: 'integer' }, visitors: { type: 'integer' } };
const nullableNumber = { type: ['number', 'null'] };

const siteStats = object(
  {
    slug: { type: 'string' },
    name: { type: 'string' },
    url: { type: 'string' },
    days: { type: 'integer' },
    series: { type: 'array', items: object({ day: { type: 'string' }, ...figures }) },
    totals: object({ ...figures, reservations: { type: ['integer', 'null'] } }),
    channels: { type: 'array', items: object({ channel: { type: 'string' }, ...figures, reservations: { type: ['integer', 'null'] }, conversion: nullableNumber }) },
    referrers: { type: 'array', items: object({ host: { type: 'string' }, views: { type: 'integer' } }) },
    devices: { type: 'array', items: object({ device: { type: 'string' }, ...figures }) },
    wechat: object(figures),
    bots: { type: 'integer' },
  },
  ['slug', 'name', 'url', 'days', 'series', 'totals', 'channels', 'referrers', 'devices', 'wechat', 'bots'],
);

/** The range is checked by the service, which says what it accepts in words. */
export const siteStatsSchema = {
  querystring: object({ slug: str(64, { default: '' }), days: { type: 'integer', minimum: 0, maximum: 1000, default: 7 } }),
  response: responses(siteStats, { needsLogin: true }),
};
