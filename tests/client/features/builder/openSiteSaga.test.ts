import { expectSaga } from 'redux-saga-test-plan';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import { chooseTemplate } from '../../../../src/client/features/builder/templatePickerSaga';
import { openSite } from '../../../../src/client/features/builder/openSiteSaga';
import { builderOpened, fieldEdited, siteFailed, siteLogoRequested, siteLoaded } from '../../../../src/client/features/builder/builderSlice';
import { BuilderMessages, SiteStatus } from '../../../../src/contract/builder';
import { initialSelectionsState } from '../../../../src/client/features/selections/selectionsSlice';
import { rootReducer } from '../../sagaHarness';
import { builderState, openState, site, answer, failing, answerError, servicesOnly } from './builderHarness';

describe('builder: opening a site', () => {
  it('?new=1 makes a new site (getWebUrl main, id 0) and drops the query from the address', async () => {
    const { services, providers } = servicesOnly();
    const created = site({ id: 7 });
    const { storeState } = await expectSaga(openSite, builderOpened({ opening: { kind: 'new' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 3 }))
      .provide([providers, answer(builderApi.getWebUrl, created)])
      .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity: {} })
      .put(siteLoaded(created))
      // Its own logo is asked for at once, in the save queue's line.
      .put(siteLogoRequested())
      .not.call.fn(builderApi.getSelectConfig)
      .run();
    expect(services.navigate).toHaveBeenCalledWith('/createWeb', { replace: true });
    expect(storeState.builder).toMatchObject({ siteId: 7, previewUrl: created.previewUrl, status: 'succeeded' });
  });

  it('starts a new site and a template switch from the game\'s identity, which the server puts in the fields that mean the same', async () => {
    const { providers } = servicesOnly();
    const identity = { game_name: '星辰战纪', slogan: '群星之下 王者归来', publisher: '星河出版社', icp: '京ICP备1号', ios_url: 'https://apps.example.com/x' };
    const named = { ...builderState({ siteId: 3 }), selections: { ...initialSelectionsState, identity } };
    const created = site({ id: 7, formData: { ...site().formData, main: { web_name: '星辰战纪' } } });
    await expectSaga(openSite, builderOpened({ opening: { kind: 'new' }, page: 'edit' }))
      .withReducer(rootReducer, named)
      .provide([providers, answer(builderApi.getWebUrl, created)])
      .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity })
      .put(siteLoaded(created))
      .not.put.actionType(fieldEdited.type)
      .run();
    const picking = { ...openState(site(), { picker: { type: 'footer', status: 'succeeded', page: 1, total: 12, items: [], selectedId: 2, applying: false } }), selections: { ...initialSelectionsState, identity } };
    await expectSaga(chooseTemplate)
      .withReducer(rootReducer, picking)
      .provide([providers, answer(builderApi.getWebUrl, site({}, 2))])
      .call(builderApi.getWebUrl, { type: 'footer', id: 42, selectedComponents: { main: 1, head: 1, banner: 1, content: 1, sidebar: 1, footer: 2, logo: 1 }, identity })
      .run();
  });

  it('?id=N opens site N with getSelectConfig', async () => {
    const { providers } = servicesOnly();
    const opened = site({ id: 9 });
    await expectSaga(openSite, builderOpened({ opening: { kind: 'id', id: 9 }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 3 }))
      .provide([providers, answer(builderApi.getSelectConfig, opened)])
      .call(builderApi.getSelectConfig, { id: 9 })
      .put(siteLoaded(opened))
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query: the site id kept in session storage is opened again', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 42, previewUrl: '/sites/abc/index.html?v=1' }))
      .provide([providers, answer(builderApi.getSelectConfig, site())])
      .call(builderApi.getSelectConfig, { id: 42 })
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query and nothing stored: the latest site still 编辑中 is opened, not a new one', async () => {
    const { providers } = servicesOnly();
    const records = [
      { id: 9, web_name: '已完成的站', status: SiteStatus.completed, create_time: '', update_time: '' },
      { id: 7, web_name: '星辰战纪', status: SiteStatus.editing, create_time: '', update_time: '' },
      { id: 3, web_name: '更早的站', status: SiteStatus.editing, create_time: '', update_time: '' },
    ];
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState())
      .provide([providers, answer(siteListApi.getSiteList, { list: records, total: 3 }), answer(builderApi.getSelectConfig, site())])
      .call(siteListApi.getSiteList, { page: 1, page_size: 20 })
      .call(builderApi.getSelectConfig, { id: 7 })
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('no query, nothing stored and nothing 编辑中 (or no list): a new site', async () => {
    for (const list of [answer(siteListApi.getSiteList, { list: [{ id: 9, web_name: '已完成的站', status: SiteStatus.completed, create_time: '', update_time: '' }], total: 1 }), failing(siteListApi.getSiteList, answerError(500, '服务器错误'))]) {
      const { services, providers } = servicesOnly();
      await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
        .withReducer(rootReducer, builderState())
        .provide([providers, list, answer(builderApi.getWebUrl, site())])
        .call(builderApi.getWebUrl, { type: 'main', id: 0, selectedComponents: {}, identity: {} })
        .run();
      // The address had no query to drop.
      expect(services.navigate).not.toHaveBeenCalled();
    }
  });

  it('the site already on screen is not fetched again (coming back from the result page keeps unsaved edits)', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '未保存' } } }))
      .provide([providers])
      .not.call.fn(builderApi.getSelectConfig)
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('the result page never makes a new site', async () => {
    const { providers } = servicesOnly();
    await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'result' }))
      .withReducer(rootReducer, builderState())
      .provide([providers])
      .put(siteFailed())
      .not.call.fn(builderApi.getWebUrl)
      .run();
  });

  it('a stored site that cannot be opened is said, and forgotten', async () => {
    const { services, providers } = servicesOnly();
    const { storeState } = await expectSaga(openSite, builderOpened({ opening: { kind: 'stored' }, page: 'edit' }))
      .withReducer(rootReducer, builderState({ siteId: 42 }))
      .provide([providers, failing(builderApi.getSelectConfig, answerError(404, BuilderMessages.siteUnknown))])
      .put(siteFailed())
      .run();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.siteUnknown);
    expect(storeState.builder.siteId).toBeNull();
  });
});
