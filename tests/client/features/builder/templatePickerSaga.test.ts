import { expectSaga } from 'redux-saga-test-plan';
import * as builderApi from '../../../../src/client/api/builderApi';
import { chooseTemplate, loadPickerPage } from '../../../../src/client/features/builder/templatePickerSaga';
import { templateApplyFailed, templateApplyStarted, templateSwitched } from '../../../../src/client/features/builder/builderSlice';
import { BuilderMessages } from '../../../../src/contract/builder';
import { rootReducer } from '../../sagaHarness';
import { sequence } from '../generation/generationHarness';
import { answer, answerError, failing, networkError, openState, servicesOnly, site, template } from './builderHarness';

describe('builder: picker', () => {
  it('loads the picker page of its type', async () => {
    const { providers } = servicesOnly();
    const items = [template('content', 1), template('content', 2)];
    const state = openState(site(), { picker: { type: 'content', status: 'loading', page: 2, total: 0, items: [], selectedId: null, applying: false } });
    const { storeState } = await expectSaga(loadPickerPage)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.getComponentList, { data: items, current_page: 2, per_page: 10, total: 12 })])
      .call(builderApi.getComponentList, 'content', { page: 2 })
      .run();
    expect(storeState.builder.picker).toMatchObject({ status: 'succeeded', total: 12, items });
  });

  const loadingPage2 = { picker: { type: 'logo' as const, status: 'loading' as const, page: 2, total: 0, items: [], selectedId: null, applying: false } };

  it('asks once more for a page when nothing came back, then shows it', async () => {
    const { providers } = servicesOnly();
    const items = [template('logo', 10)];
    const lists = sequence<unknown>(networkError, { data: items, current_page: 2, per_page: 9, total: 41 });
    const { storeState } = await expectSaga(loadPickerPage)
      .withReducer(rootReducer, openState(site(), loadingPage2))
      .provide([providers, answer(builderApi.getComponentList, lists.provider)])
      .run();
    expect(lists.calls).toHaveLength(2);
    expect(storeState.builder.picker).toMatchObject({ status: 'succeeded', page: 2, total: 41, items });
  });

  it('shows an empty list when the second ask gets nothing too, or the server refuses, without asking again', async () => {
    for (const [error, asks] of [
      [networkError, 2],
      [answerError(500, '服务器错误'), 1],
    ] as const) {
      const { providers } = servicesOnly();
      const lists = sequence(error);
      const { storeState } = await expectSaga(loadPickerPage)
        .withReducer(rootReducer, openState(site(), loadingPage2))
        .provide([providers, answer(builderApi.getComponentList, lists.provider)])
        .run();
      expect(lists.calls).toHaveLength(asks);
      expect(storeState.builder.picker).toMatchObject({ status: 'failed', total: 0, items: [] });
    }
  });

  it('OK without a choice says 请选择模版 and changes nothing', async () => {
    const { services, providers } = servicesOnly();
    const state = openState(site(), { picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [template('head', 2)], selectedId: null, applying: false } });
    await expectSaga(chooseTemplate).withReducer(rootReducer, state).provide([providers]).not.call.fn(builderApi.getWebUrl).run();
    expect(services.notify.warning).toHaveBeenCalledWith(BuilderMessages.templateRequired);
  });

  it('choosing a template calls getWebUrl with every chosen id and the new one, and replaces the site', async () => {
    const { providers } = servicesOnly();
    const switched = site({ selectedComponents: { ...site().selectedComponents, head: template('head', 2) } }, 2);
    const state = openState(site(), { picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [template('head', 2)], selectedId: 2, applying: false } });
    const { storeState } = await expectSaga(chooseTemplate)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.getWebUrl, switched)])
      .call(builderApi.getWebUrl, { type: 'head', id: 42, selectedComponents: { main: 1, head: 2, banner: 1, content: 1, sidebar: 1, footer: 1, logo: 1 }, identity: {} })
      .put(templateSwitched(switched))
      .not.call.fn(builderApi.saveConfig)
      .run();
    expect(storeState.builder.picker.type).toBeNull();
    expect(storeState.builder.previewUrl).toBe('/sites/abc/index.html?v=2');
  });

  it('unsaved edits are saved before the switch', async () => {
    const { providers } = servicesOnly();
    const state = openState(site(), {
      pending: { head: { nav1: '新闻' } },
      picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [], selectedId: 2, applying: false },
    });
    await expectSaga(chooseTemplate)
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.saveConfig, site({}, 2)), answer(builderApi.getWebUrl, site({}, 3))])
      .call.fn(builderApi.saveConfig)
      .call.fn(builderApi.getWebUrl)
      .run();
  });

  it('a refused switch says why and leaves the picker open, its choice ready to apply again', async () => {
    const { services, providers } = servicesOnly();
    const state = openState(site(), { picker: { type: 'head', status: 'succeeded', page: 1, total: 2, items: [template('head', 2)], selectedId: 2, applying: false } });
    const { storeState } = await expectSaga(chooseTemplate)
      .withReducer(rootReducer, state)
      .provide([providers, failing(builderApi.getWebUrl, answerError(500, '模版不存在'))])
      .put(templateApplyStarted())
      .put(templateApplyFailed())
      .not.put.actionType(templateSwitched.type)
      .run();
    expect(services.notify.error).toHaveBeenCalledWith('模版不存在');
    expect(storeState.builder.picker).toMatchObject({ type: 'head', selectedId: 2, applying: false });
  });
});
