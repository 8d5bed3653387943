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
// The QR code's canvas, with the value it encodes where a test can read it (jsdom draws no canvas).
jest.mock('antd', () => ({
  ...jest.requireActual<typeof import('antd')>('antd'),
  QRCode: ({ value, size, marginSize, bgColor, color, 'aria-label': label }: { value: string; size: number; marginSize?: number; bgColor: string; color: string; 'aria-label'?: string }) => (
    <canvas role="img" aria-label={label} data-value={value} data-size={size} data-margin={marginSize ?? 0} data-bg={bgColor} data-ink={color} />
  ),
}));

const slug = 'a'.repeat(32);
const stats = (days: 7 | 30): SiteStats => ({
  slug,
  name: '星辰官网',
  url: `https://pub.example.cn/pub/${slug}/`,
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

function renderPage(services = makeFakeServices()) {
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
    // jsdom draws no canvas: the chart's figures are shown as its table, a row a day.
    expect((await screen.findByRole('table', { name: '近7天浏览量与访客（数据表）' })).querySelectorAll('tr[data-day]')).toHaveLength(7);

    await fastUser().click(screen.getByText('近30天'));
    await waitFor(() => expect(siteStatsApi.getSiteStats).toHaveBeenLastCalledWith({ slug, days: 30 }));
    await waitFor(() => expect(screen.getByRole('table', { name: '近30天浏览量与访客（数据表）' }).querySelectorAll('tr[data-day]')).toHaveLength(30));
  });
});

describe('渠道二维码', () => {
  const link = (channel: string) => `https://pub.example.cn/pub/${slug}/?from=${channel}`;
  const card = async () => within((await screen.findByText('渠道二维码')).closest('.ant-card') as HTMLElement);

  it('shows each channel\'s link and QR code, refuses a custom channel the counter would change, and downloads the print PNG', async () => {
    jest.mocked(siteStatsApi.getSiteStats).mockImplementation(async ({ days }) => stats(days));
    const drawn: Array<{ width: number; height: number }> = [];
    const draw = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      drawn.push({ width: this.width, height: this.height });
      return draw as unknown as CanvasRenderingContext2D;
    } as unknown as HTMLCanvasElement['getContext']);
    jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UE5H');
    const services = makeFakeServices();
    renderPage(services);
    const qr = await card();
    const user = fastUser();
    // The maker is drawn when asked for (its chunk is not part of reading the figures).
    expect(qr.queryByRole('img', { name: /渠道二维码/ })).toBeNull();
    await user.click(qr.getByRole('button', { name: /生成渠道二维码/ }));
    expect(await qr.findByRole('img', { name: 'wechat 渠道二维码' })).toBeInTheDocument();

    // 微信 first: the code on screen and the link to copy are the page's link with its channel.
    expect(qr.getByRole('img', { name: 'wechat 渠道二维码' })).toHaveAttribute('data-value', link('wechat'));
    expect(qr.getByTestId('channel-link')).toHaveTextContent(link('wechat'));
    await user.click(qr.getByText('B站'));
    expect(qr.getByRole('img', { name: 'bilibili 渠道二维码' })).toHaveAttribute('data-value', link('bilibili'));

    await user.click(qr.getByText('自定义'));
    const input = qr.getByPlaceholderText('例如 tieba');
    await user.type(input, 'tie ba');
    expect(await qr.findByText('渠道名只能包含字母、数字、汉字、-、_ 和 .')).toBeInTheDocument();
    expect(qr.getByRole('textbox', { name: '渠道名' })).toHaveAttribute('aria-invalid', 'true');
    expect(qr.queryByRole('img', { name: /渠道二维码/ })).toBeNull();
    expect(qr.queryByText('下载二维码')).toBeNull();
    await user.clear(input);
    await user.type(input, 'Tieba');
    expect(qr.getByRole('img', { name: 'tieba 渠道二维码' })).toHaveAttribute('data-value', link('tieba'));

    // The file: drawn from the print-size code (quiet zone, black on white) onto a canvas of 1024 px.
    const printed = document.querySelector(`canvas[data-size="1024"]`) as HTMLElement;
    expect(printed.dataset).toMatchObject({ value: link('tieba'), margin: '4', bg: '#ffffff', ink: '#000000' });
    await user.click(qr.getByRole('button', { name: /下载二维码/ }));
    // The chart's canvas asks for a context too; the file's is the one at print size.
    expect(drawn.filter(({ width }) => width === 1024)).toEqual([{ width: 1024, height: 1024 }]);
    expect(draw.drawImage).toHaveBeenCalledWith(printed, 0, 0, 1024, 1024);
    await waitFor(() => expect(services.download).toHaveBeenCalledWith('data:image/png;base64,UE5H', '星辰官网-tieba.png'));
  });
});
