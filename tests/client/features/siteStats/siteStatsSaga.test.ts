import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import * as siteStatsApi from '../../../../src/client/api/siteStatsApi';
import { siteStatsSaga } from '../../../../src/client/features/siteStats/siteStatsSaga';
import { channelQrDownloadRequested, siteStatsFailed, siteStatsLoaded, siteStatsRequested, siteStatsSlice, initialSiteStatsState } from '../../../../src/client/features/siteStats/siteStatsSlice';
import type { SiteStats } from '../../../../src/contract/analytics';
import { answerLater, apiError, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';

const slug = 'a'.repeat(32);
const figures = (days: 7 | 30, views: number): SiteStats => ({
  slug,
  name: '星辰官网',
  url: `https://pub.example.cn/pub/${slug}/`,
  days,
  series: [{ day: '2026-11-29', views, visitors: 1 }],
  totals: { views, visitors: 1, reservations: null },
  channels: [{ channel: 'wechat', views, visitors: 1, reservations: null, conversion: null }],
  referrers: [{ host: '', views }],
  devices: [
    { device: 'phone', views, visitors: 1 },
    { device: 'desktop', views: 0, visitors: 0 },
  ],
  wechat: { views, visitors: 1 },
  bots: 2,
});

describe('the 数据 saga', () => {
  it('reads the site\'s figures for the range asked and keeps them', async () => {
    const week = figures(7, 3);
    const { storeState } = await expectSaga(siteStatsSaga)
      .withReducer(rootReducer, stateWith())
      .provide([[matchers.call(siteStatsApi.getSiteStats, { slug, days: 7 }), week]])
      .dispatch(siteStatsRequested({ slug, days: 7 }))
      .put(siteStatsLoaded(week))
      .silentRun(50);
    expect(storeState.siteStats).toEqual({ slug, days: 7, status: 'succeeded', stats: week });
  });

  it('shows the last range asked: a 30-day answer that comes after a switch back to 7 days is dropped', async () => {
    const month = answerLater(figures(30, 30));
    const week = figures(7, 3);
    const tester = expectSaga(siteStatsSaga)
      .withReducer(rootReducer, stateWith())
      .provide({
        call: (effect, next) => {
          if (effect.fn !== siteStatsApi.getSiteStats) return next();
          const [request] = effect.args as [{ days: number }];
          return request.days === 30 ? month.provider() : week;
        },
      })
      .dispatch(siteStatsRequested({ slug, days: 30 }))
      .dispatch(siteStatsRequested({ slug, days: 7 }));
    month.answer();
    const { storeState, effects } = await tester.silentRun(50);
    expect(month.calls()).toBe(1);
    expect(storeState.siteStats).toMatchObject({ days: 7, status: 'succeeded', stats: week });
    expect((effects.put ?? []).filter((effect) => effect.payload.action.type === siteStatsLoaded.type)).toHaveLength(1);
  });

  it('says it failed (the http layer told why), showing nothing it does not have', async () => {
    const { storeState } = await expectSaga(siteStatsSaga)
      .withReducer(rootReducer, stateWith())
      .provide([[matchers.call.fn(siteStatsApi.getSiteStats), throwError(apiError(404, '网站不存在或未发布'))]])
      .dispatch(siteStatsRequested({ slug, days: 7 }))
      .put(siteStatsFailed())
      .silentRun(50);
    expect(storeState.siteStats).toMatchObject({ status: 'failed', stats: null });
  });
});

describe('下载二维码', () => {
  it('hands the drawn PNG to the browser under its file name, each time it is asked', async () => {
    const world = fakeWorld();
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    await expectSaga(siteStatsSaga)
      .provide(world.providers)
      .dispatch(channelQrDownloadRequested({ image, fileName: '星辰官网-wechat.png' }))
      .dispatch(channelQrDownloadRequested({ image, fileName: '星辰官网-qq.png' }))
      .silentRun(50);
    expect(world.services.download.mock.calls).toEqual([
      [image, '星辰官网-wechat.png'],
      [image, '星辰官网-qq.png'],
    ]);
  });
});

describe('the 数据 slice', () => {
  const reduce = siteStatsSlice.reducer;
  it('keeps a site\'s figures on screen while another range loads, never another site\'s', () => {
    const shown = reduce(reduce(initialSiteStatsState, siteStatsRequested({ slug, days: 7 })), siteStatsLoaded(figures(7, 3)));
    expect(reduce(shown, siteStatsRequested({ slug, days: 30 }))).toMatchObject({ days: 30, status: 'loading', stats: figures(7, 3) });
    expect(reduce(shown, siteStatsRequested({ slug: 'b'.repeat(32), days: 7 }))).toMatchObject({ slug: 'b'.repeat(32), status: 'loading', stats: null });
  });
});
