import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as generationApi from '../../../../src/client/api/generationApi';
import { catalogSaga } from '../../../../src/client/features/catalog/catalogSaga';
import { catalogPageLoaded, catalogPageRequested, templatePreviewFailed } from '../../../../src/client/features/catalog/catalogSlice';
import { GenerationMessages } from '../../../../src/contract/generation';
import { fakeWorld, rootReducer, stateWith } from '../../sagaHarness';
import { bannerTemplate, logoTemplate } from '../generation/generationHarness';
import { firstAnswersLast } from '../../firstAnswersLast';

describe('catalogSaga', () => {
  it('loads a page of logo styles, 12 a page', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(catalogSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.getLogoTemplates), { data: [logoTemplate], total: 25, current_page: 2, per_page: 12 }]])
      .dispatch(catalogPageRequested({ catalog: 'logo', page: 2 }))
      .call(generationApi.getLogoTemplates, { per_page: 12, page: 2 })
      .put(catalogPageLoaded({ catalog: 'logo', page: 2, total: 25, items: [logoTemplate] }))
      .silentRun(20);
    expect(storeState.catalog.logo).toEqual({ status: 'succeeded', page: 2, total: 25, items: [logoTemplate] });
  });

  it('loads banner styles from their own call', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(catalogSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.getBannerTemplates), { data: [bannerTemplate], total: 1, current_page: 1, per_page: 12 }]])
      .dispatch(catalogPageRequested({ catalog: 'banner', page: 1 }))
      .not.call.fn(generationApi.getLogoTemplates)
      .silentRun(20);
    expect(storeState.catalog.banner.items).toEqual([bannerTemplate]);
  });

  it('a failure is an empty list, and nothing is said (spec section 7)', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(catalogSaga)
      .withReducer(rootReducer, { ...stateWith(), catalog: { ...stateWith().catalog, logo: { status: 'succeeded', page: 1, total: 1, items: [logoTemplate] } } })
      .provide([world.providers, [matchers.call.fn(generationApi.getLogoTemplates), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .dispatch(catalogPageRequested({ catalog: 'logo', page: 2 }))
      .silentRun(20);
    expect(storeState.catalog.logo).toEqual({ status: 'failed', page: 2, total: 0, items: [] });
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('a malformed answer is an empty list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(catalogSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.getLogoTemplates), { data: null, total: 'many' }]])
      .dispatch(catalogPageRequested({ catalog: 'logo', page: 1 }))
      .silentRun(20);
    expect(storeState.catalog.logo).toMatchObject({ status: 'succeeded', total: 0, items: [] });
  });

  it('the newest page asked for wins', async () => {
    const world = fakeWorld();
    const slow = firstAnswersLast((args) => ({ data: [{ ...logoTemplate, id: (args[0] as { page: number }).page }], total: 30 }));
    const { storeState } = await expectSaga(catalogSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.getLogoTemplates), dynamic(slow)]])
      .dispatch(catalogPageRequested({ catalog: 'logo', page: 1 }))
      .dispatch(catalogPageRequested({ catalog: 'logo', page: 3 }))
      .silentRun(60);
    expect(storeState.catalog.logo).toMatchObject({ page: 3, items: [{ id: 3 }] });
  });

  it.each([
    ['image', GenerationMessages.previewImageFailed],
    ['video', GenerationMessages.videoFailed],
  ] as const)('says when a preview %s does not load', async (media, message) => {
    const world = fakeWorld();
    await expectSaga(catalogSaga).withReducer(rootReducer, stateWith()).provide([world.providers]).dispatch(templatePreviewFailed({ media })).silentRun(10);
    expect(world.services.notify.error).toHaveBeenCalledWith(message);
  });
});
