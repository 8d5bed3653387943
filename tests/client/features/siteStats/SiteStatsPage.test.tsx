import { screen, waitFor, within } from '@testing-library/react';
import * as siteStatsApi from '../../../../src/client/api/siteStatsApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { makeStore } from '../../../../src/client/app/store';
import { feature, Page } from '../../../../src/client/features/siteStats';
import type { SiteStats } from '../../../../src/contract/analytics';
import { makeFakeServices } from '../../fakeServices';
import { fastUser } from '../../fastTesting';
import { renderWithProviders } from '../../renderWithProviders';

jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/siteStatsApi');

const slug = 'a'.repeat(32);
const stats = (days: 7 | 30): SiteStats => ({
  slug,
  days,
  series: Array.from({ length: days }, (_, n) => ({ day: `2026-11-${String(n + 1).padStart(2, '0')}`, views: n === days - 1 ? 5 : 0, visitors: n === days - 1 ? 3 : 0 })),
  totals: { views: 5, visitors: 3, reservations: 1 },
  channels: [
    { channel: 'wechat', views: 4, visitors: 2, reservations: 1, conversion: 0.5 },
    { channel: '', views: 1, visitors: 1, reservations: 0, conversion: 0 },
  ],
  referrers: [{ host: 'mp.weixin.qq.com', views: 4 }],
  devices: [
    { device: 'phone', views: 4, visitors: 2 },
    { device: 'desktop', views: 1, visitors: 1 },
  ],
  wechat: { views: 4, visitors: 2 },
  bots: 7,
});

function renderPage() {
  const services = makeFakeServices();
  const store = makeStore({}, { services });
  store.dispatch(appStarted());
  store.startFeature(feature);
  return renderWithProviders(null, { store, services, route: `/backend/siteStats/${slug}`, routes: [{ path: '/backend/siteStats/:slug', element: <Page /> }] });
}

describe('the 数据 page', () => {
  it('shows the site\'s totals, channels with conversion, referrers, devices and the bots left out; switches to 30 days', async () => {
    jest.mocked(siteStatsApi.getSiteStats).mockImplementation(async ({ days }) => stats(days));
    renderPage();
    expect(await screen.findByText('已排除机器人访问 7 次', { exact: false })).toBeInTheDocument();
    expect(siteStatsApi.getSiteStats).toHaveBeenCalledWith({ slug, days: 7 });
    const wechat = screen.getByRole('cell', { name: 'wechat' }).closest('tr') as HTMLElement;
    expect(within(wechat).getByText('50.0%')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '直接访问' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'mp.weixin.qq.com' })).toBeInTheDocument();
    expect(screen.getByText('微信内打开：浏览量 4，访客 2')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '近7天浏览量与访客' }).querySelectorAll('g[data-day]')).toHaveLength(7);

    await fastUser().click(screen.getByText('近30天'));
    await waitFor(() => expect(siteStatsApi.getSiteStats).toHaveBeenLastCalledWith({ slug, days: 30 }));
    expect((await screen.findByRole('img', { name: '近30天浏览量与访客' })).querySelectorAll('g[data-day]')).toHaveLength(30);
  });
});
