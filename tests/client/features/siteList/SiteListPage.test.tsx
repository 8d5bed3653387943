import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLocation } from 'react-router-dom';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { makeStore } from '../../../../src/client/app/store';
import { PHONE_QUERY } from '../../../../src/client/features/layout/usePhoneLayout';
import { publishingFeature } from '../../../../src/client/features/publishing/feature';
import { siteListFeature, siteVersionsFeature } from '../../../../src/client/features/siteList/feature';
import { initialSiteListState, type SiteListState } from '../../../../src/client/features/siteList/siteListSlice';
import SiteListPage, { DELETE_SITE_WARNING } from '../../../../src/client/features/siteList/pages/SiteListPage';
import { BuilderMessages, SiteStatus, type SiteListAnswer, type SiteListRequest, type SiteRecord } from '../../../../src/contract/builder';
import { SiteDeletionMessages } from '../../../../src/contract/siteDeletion';
import { GenerationMessages } from '../../../../src/contract/generation';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser, link } from '../../fastTesting';
import { completedSite, editingSite, siteRecord, unknownSite } from './siteListHarness';

// The sagas run in these tests: no call may leave for the network.
jest.mock('../../../../src/client/api/commonApi');
jest.mock('../../../../src/client/api/generationApi');
jest.mock('../../../../src/client/api/miniSiteApi');
jest.mock('../../../../src/client/api/siteListApi');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The page with its sagas running, as in the app (StrictMode: the list must still load as asked). */
function renderPage(siteList: Partial<SiteListState> = {}) {
  const services = makeFakeServices();
  const store = makeStore({ siteList: { ...initialSiteListState, ...siteList } }, { services });
  store.dispatch(appStarted());
  // As the site list's route does when it loads.
  [siteListFeature, siteVersionsFeature, publishingFeature].forEach(store.startFeature);
  return renderWithProviders(null, {
    store,
    services,
    route: '/backend/siteList',
    routes: [
      {
        path: '/backend/siteList',
        element: (
          <StrictMode>
            <SiteListPage />
          </StrictMode>
        ),
      },
      { path: '*', element: <Where /> },
    ],
  });
}

function answerWith(list: SiteRecord[], total = list.length) {
  jest.mocked(siteListApi.getSiteList).mockResolvedValue({ list, total } satisfies SiteListAnswer);
}

/** The table row of a site, found by its name. */
function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest<HTMLElement>('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

function lastListRequest(): SiteListRequest {
  const calls = jest.mocked(siteListApi.getSiteList).mock.calls;
  return calls[calls.length - 1][0];
}

beforeEach(() => {
  jest.clearAllMocks();
  answerWith([editingSite, completedSite, unknownSite]);
  jest.mocked(siteListApi.getFilePath).mockResolvedValue({ url: '/zips/builder/8/武侠官网.zip' });
});

describe('SiteListPage', () => {
  it('loads the first page on enter and shows each site with its status in words', async () => {
    renderPage();
    await screen.findByText(completedSite.web_name);
    expect(siteListApi.getSiteList).toHaveBeenCalledWith({ page: 1, page_size: 10, name: '' });
    const headers = Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', '网站名称', '状态', '创建时间', '更新时间', '操作']);
    expect(within(rowOf(editingSite.web_name)).getByText('编辑中')).toBeInTheDocument();
    expect(within(rowOf(completedSite.web_name)).getByText('已完成')).toBeInTheDocument();
    expect(within(rowOf(unknownSite.web_name)).getByText('未知')).toBeInTheDocument();
    expect(within(rowOf(editingSite.web_name)).getByText(String(editingSite.id))).toBeInTheDocument();
    expect(within(rowOf(editingSite.web_name)).getByText(editingSite.create_time)).toBeInTheDocument();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
  });

  it('offers 下载 only on completed sites, and 编辑 on every one', async () => {
    renderPage();
    await screen.findByText(completedSite.web_name);
    expect(within(rowOf(completedSite.web_name)).queryByText('下载')).toBeInTheDocument();
    expect(within(rowOf(editingSite.web_name)).queryByText('下载')).not.toBeInTheDocument();
    expect(within(rowOf(unknownSite.web_name)).queryByText('下载')).not.toBeInTheDocument();
    for (const site of [editingSite, completedSite, unknownSite]) expect(within(rowOf(site.web_name)).getByText('编辑')).toBeInTheDocument();
  });

  it('编辑 opens the builder on that site', async () => {
    renderPage();
    await screen.findByText(editingSite.web_name);
    await fastUser().click(within(rowOf(editingSite.web_name)).getByText('编辑'));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/createWeb?id=${editingSite.id}`);
  });

  it('下载 fetches the zip of that site and starts its download', async () => {
    const { services } = renderPage();
    await screen.findByText(completedSite.web_name);
    await fastUser().click(within(rowOf(completedSite.web_name)).getByText('下载'));
    await waitFor(() => expect(services.download).toHaveBeenCalledWith('/zips/builder/8/武侠官网.zip', '武侠官网.zip'));
    expect(siteListApi.getFilePath).toHaveBeenCalledWith({ id: completedSite.id });
    expect(services.notify.success).toHaveBeenCalledWith(GenerationMessages.downloadStarted);
  });

  it('历史版本 lists the site\'s versions with their picture, time and why; 恢复 asks first, then restores', async () => {
    const list = [
      { id: 12, reason: 'hourly' as const, web_name: '仙侠官网', picture: '/generated/abc/banner.jpg', create_time: '2026-11-27 11:00:00' },
      { id: 11, reason: 'download' as const, web_name: '仙侠官网初版', picture: 'javascript:alert(1)', create_time: '2026-11-27 10:00:00' },
    ];
    jest.mocked(siteListApi.getVersions).mockResolvedValue({ list, limit: 30 });
    jest.mocked(siteListApi.restoreVersion).mockResolvedValue({ list: [{ ...list[0], id: 13, reason: 'replaced' }, ...list], limit: 30, restored: true });
    const { services } = renderPage();
    await screen.findByText(editingSite.web_name);
    await fastUser().click(within(rowOf(editingSite.web_name)).getByText('历史版本'));

    const dialog = (await screen.findByText(`历史版本 · ${editingSite.web_name}`)).closest<HTMLElement>('.ant-modal')!;
    expect(siteListApi.getVersions).toHaveBeenCalledWith({ id: editingSite.id });
    await within(dialog).findByText('仙侠官网初版');
    expect(within(dialog).getByText(/最多保留 30 个/)).toBeInTheDocument();
    const rows = within(dialog).getAllByTestId('site-version');
    expect(within(rows[0]).getByAltText('版本首屏图片')).toHaveAttribute('src', '/generated/abc/banner.jpg');
    expect(within(rows[0]).getByText('编辑中自动保存')).toBeInTheDocument();
    // A picture that is not one of this site's paths is not put in an img.
    expect(rows[1].querySelector('img')).toBeNull();
    expect(within(rows[1]).getByText('无图片')).toBeInTheDocument();
    expect(within(rows[1]).getByText('生成并下载')).toBeInTheDocument();

    await fastUser().click(button('恢复', rows[1]));
    const confirm = await screen.findByText('恢复到这个版本？');
    expect(siteListApi.restoreVersion).not.toHaveBeenCalled();
    await fastUser().click(button(/恢\s*复/, confirm.closest<HTMLElement>('.ant-popover')!));
    await waitFor(() => expect(siteListApi.restoreVersion).toHaveBeenCalledWith({ id: editingSite.id, versionId: 11 }));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(BuilderMessages.restoreSucceeded));
    expect(await within(dialog).findByText('恢复前的草稿')).toBeInTheDocument();
  });

  it('历史版本 of a site with none says how versions are made', async () => {
    jest.mocked(siteListApi.getVersions).mockResolvedValue({ list: [], limit: 30 });
    renderPage();
    await screen.findByText(editingSite.web_name);
    await fastUser().click(within(rowOf(editingSite.web_name)).getByText('历史版本'));
    expect(await screen.findByText('还没有历史版本：生成并下载或编辑满一小时后会自动保存')).toBeInTheDocument();
  });

  it('发布 a completed site shows its link and QR code; a published one offers 访问, 更新发布 and 下线', async () => {
    const publishedSite = siteRecord(9, { web_name: '已上线', status: SiteStatus.completed, published_url: 'http://localhost/pub/abc/' });
    answerWith([editingSite, completedSite, publishedSite]);
    jest.mocked(siteListApi.publishSite).mockResolvedValue({ url: 'http://localhost/pub/def/', qrcode: 'data:image/png;base64,iVBORw0KGgo=' });
    jest.mocked(siteListApi.unpublishSite).mockResolvedValue(null);
    const { services } = renderPage();
    await screen.findByText(completedSite.web_name);
    expect(within(rowOf(editingSite.web_name)).queryByText('发布')).toBeNull();

    await fastUser().click(button('发布', rowOf(completedSite.web_name)));
    await waitFor(() => expect(siteListApi.publishSite).toHaveBeenCalledWith({ id: completedSite.id }));
    expect(await screen.findByAltText('网站二维码')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(link('打开网站')).toHaveAttribute('href', 'http://localhost/pub/def/');
    expect(services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);

    const row = rowOf('已上线');
    expect(link('访问', row)).toHaveAttribute('href', 'http://localhost/pub/abc/');
    expect(button('更新发布', row)).toBeInTheDocument();
    await fastUser().click(button('下线', row));
    expect(siteListApi.unpublishSite).not.toHaveBeenCalled();
    const confirm = (await screen.findByText('下线这个网站？')).closest<HTMLElement>('.ant-popover')!;
    await fastUser().click(button(/下\s*线/, confirm));
    await waitFor(() => expect(siteListApi.unpublishSite).toHaveBeenCalledWith({ id: 9 }));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded));
  });

  it('数据 of a published site opens its figures', async () => {
    const slug = '0123456789abcdef'.repeat(2);
    answerWith([completedSite, siteRecord(9, { web_name: '已上线', status: SiteStatus.completed, published_url: `http://localhost/pub/${slug}/` })]);
    renderPage();
    await screen.findByText('已上线');
    expect(within(rowOf(completedSite.web_name)).queryByText('数据')).toBeNull();
    await fastUser().click(button('数据', rowOf('已上线')));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/backend/siteStats/${slug}`);
  });

  it('删除 says what goes and deletes only once confirmed; a published or taken-down site says why it cannot', async () => {
    const publishedSite = siteRecord(9, { web_name: '已上线', status: SiteStatus.completed, published_url: 'http://localhost/pub/abc/' });
    const takenDown = siteRecord(10, { web_name: '被下线', status: SiteStatus.completed, published_url: 'http://localhost/pub/def/', takedown: { slug: 'def', reason: '违规', reviewRequested: false } });
    answerWith([editingSite, completedSite, publishedSite, takenDown]);
    jest.mocked(siteListApi.deleteSite).mockResolvedValue(null);
    const { services } = renderPage();
    await screen.findByText(editingSite.web_name);
    await fastUser().click(button('删除', rowOf('已上线')));
    expect(await screen.findByText(SiteDeletionMessages.published)).toBeInTheDocument();
    await fastUser().click(button('删除', rowOf('被下线')));
    expect(await screen.findByText(SiteDeletionMessages.takenDown)).toBeInTheDocument();

    await fastUser().click(button('删除', rowOf(editingSite.web_name)));
    const confirm = (await screen.findByText(`删除“${editingSite.web_name}”？`)).closest<HTMLElement>('.ant-popover')!;
    expect(within(confirm).getByText(DELETE_SITE_WARNING)).toBeInTheDocument();
    await fastUser().click(button(/取\s*消/, confirm));
    expect(siteListApi.deleteSite).not.toHaveBeenCalled();

    answerWith([completedSite, publishedSite, takenDown]);
    await fastUser().click(button('删除', rowOf(editingSite.web_name)));
    const again = (await screen.findAllByText(`删除“${editingSite.web_name}”？`)).map((title) => title.closest<HTMLElement>('.ant-popover')!).find((popover) => !popover.classList.contains('ant-popover-hidden'))!;
    await fastUser().click(button(/删\s*除/, again));
    await waitFor(() => expect(siteListApi.deleteSite).toHaveBeenCalledWith({ id: editingSite.id }));
    await waitFor(() => expect(services.notify.success).toHaveBeenCalledWith(SiteDeletionMessages.succeeded));
    await waitFor(() => expect(screen.queryByText(editingSite.web_name)).toBeNull());
    // Neither refused site was asked for.
    expect(siteListApi.deleteSite).toHaveBeenCalledTimes(1);
  });

  it('an empty zip URL says 获取下载文件失败', async () => {
    jest.mocked(siteListApi.getFilePath).mockResolvedValue({ url: '' });
    const { services } = renderPage();
    await screen.findByText(completedSite.web_name);
    await fastUser().click(within(rowOf(completedSite.web_name)).getByText('下载'));
    await waitFor(() => expect(services.notify.error).toHaveBeenCalledWith(GenerationMessages.zipEmpty));
    expect(services.download).not.toHaveBeenCalled();
  });

  it('a search (Enter or 搜索) asks again from page 1 with the name', async () => {
    answerWith(Array.from({ length: 10 }, (_, index) => siteRecord(index + 21)), 45);
    renderPage({ query: { page: 3, page_size: 10, name: '' } });
    await screen.findByText('网站21');
    expect(lastListRequest()).toEqual({ page: 3, page_size: 10, name: '' });

    answerWith([completedSite]);
    const box = screen.getByPlaceholderText('请输入网站名称');
    fireEvent.change(box, { target: { value: '武侠' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText(completedSite.web_name);
    expect(lastListRequest()).toEqual({ page: 1, page_size: 10, name: '武侠' });
    expect(screen.getByText('共 1 条')).toBeInTheDocument();

    fireEvent.change(box, { target: { value: '仙侠' } });
    await fastUser().click(screen.getByText(/搜\s*索/));
    await waitFor(() => expect(lastListRequest()).toEqual({ page: 1, page_size: 10, name: '仙侠' }));
  });

  it('the pager asks for another page, and another size from page 1', async () => {
    answerWith(Array.from({ length: 10 }, (_, index) => siteRecord(index + 1)), 45);
    renderPage();
    await screen.findByText('网站1');
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    await fastUser().click(screen.getByTitle('2'));
    await waitFor(() => expect(lastListRequest()).toEqual({ page: 2, page_size: 10, name: '' }));

    // The size changer offers the contract's sizes; choosing 20 starts again from page 1.
    const sizeChanger = document.querySelector<HTMLElement>('.ant-pagination-options .ant-select');
    if (!sizeChanger) throw new Error('No page size changer');
    fireEvent.mouseDown(sizeChanger.querySelector('input') ?? sizeChanger);
    const options = await screen.findAllByText(/条\/页/);
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining(['10 条/页', '20 条/页', '50 条/页', '100 条/页']));
    fireEvent.click(options.find((option) => option.textContent === '20 条/页' && option.closest('.ant-select-item')) ?? options[0]);
    await waitFor(() => expect(lastListRequest()).toEqual({ page: 1, page_size: 20, name: '' }));
  });

  it('an empty list invites the user to build a site (立即搭建 -> /createWeb?new=1)', async () => {
    answerWith([]);
    renderPage();
    expect(await screen.findByText('还没有网站，马上搭建一个吧')).toBeInTheDocument();
    await fastUser().click(screen.getByText('立即搭建'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/createWeb?new=1');
  });

  it('a failed list shows the empty state', async () => {
    jest.mocked(siteListApi.getSiteList).mockRejectedValue(new Error('请求失败'));
    renderPage({ items: [editingSite], total: 1, status: 'succeeded' });
    expect(await screen.findByText('还没有网站，马上搭建一个吧')).toBeInTheDocument();
    expect(screen.queryByText(editingSite.web_name)).not.toBeInTheDocument();
  });

  it('shows the table loading while the list is asked for, and scrolls it sideways on narrow screens', async () => {
    jest.mocked(siteListApi.getSiteList).mockReturnValue(new Promise(() => {}));
    renderPage();
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    const table = document.querySelector<HTMLElement>('.wpg-table table');
    // A fixed width wider than a phone, in a box that scrolls sideways: the columns are never squeezed.
    expect(table?.style.width).toBe('1020px');
    expect(document.querySelector<HTMLElement>('.wpg-table')?.style.overflowX).toBe('auto');
  });

  it('on a phone, keeps the pager on one line (< 2 / 5 >), the total in view and the actions on screen', async () => {
    const desktopMatchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktopMatchMedia(query), matches: query === PHONE_QUERY });
    try {
      answerWith(Array.from({ length: 10 }, (_, index) => siteRecord(index + 1)), 45);
      renderPage();
      await screen.findByText('网站1');
      expect(document.querySelector('.ant-pagination')).toHaveClass('ant-pagination-simple');
      expect(screen.getByText('共 45 条')).toBeInTheDocument();
      // The name, status and actions fit a phone's width, without a sideways scroll hiding 编辑 and 下载.
      const headers = Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent);
      expect(headers).toEqual(['网站名称', '状态', '操作']);
      expect(document.querySelector<HTMLElement>('.wpg-table table')?.style.width).not.toBe('1020px');
      expect(within(rowOf('网站1')).getByText(siteRecord(1).update_time)).toBeInTheDocument();
    } finally {
      window.matchMedia = desktopMatchMedia;
    }
  });
});
