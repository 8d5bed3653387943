/** 手机预览: a builder site's unsaved edits go first, then the signed link and its QR code; a mini site's link at once; a refusal offers 重试. */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type EffectProviders, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { SERVICES } from '../../../../src/client/app/services';
import { phonePreviewSaga } from '../../../../src/client/features/phonePreview/phonePreviewSaga';
import {
  initialPhonePreviewState,
  phonePreviewClosed,
  phonePreviewLoaded,
  phonePreviewRequested,
  phonePreviewSlice,
} from '../../../../src/client/features/phonePreview/phonePreviewSlice';
import type { PhonePreviewAnswer } from '../../../../src/contract/builder';
import { makeFakeServices } from '../../fakeServices';
import { rootReducer } from '../../sagaHarness';
import { openState, site } from '../builder/builderHarness';

const link: PhonePreviewAnswer = { url: 'http://localhost:8080/m/abc.def.ghi', qrcode: 'data:image/png;base64,AAAA', expiresAt: 1_800_000_000_000 };
const builderSite = { kind: 'builder' as const, id: 42 };

function services(): EffectProviders {
  const fake = makeFakeServices({ pathname: '/createWeb', search: '' });
  return { getContext: (key, next) => (key === SERVICES ? fake : next()) };
}
const answers = (fn: (...args: never[]) => unknown, value: unknown): StaticProvider => [matchers.call.fn(fn), value] as StaticProvider;

describe('手机预览', () => {
  it("saves a builder site's unsaved edits first, then shows the link of the saved site", async () => {
    const { storeState } = await expectSaga(phonePreviewSaga)
      .withReducer(rootReducer, openState(site(), { pending: { main: { siteName: '云海' } } }))
      .provide([services(), answers(builderApi.saveConfig, site({}, 2)), answers(builderApi.phonePreview, link)])
      .dispatch(phonePreviewRequested(builderSite))
      .call.fn(builderApi.saveConfig)
      .call(builderApi.phonePreview, { id: 42 })
      .put(phonePreviewLoaded(link))
      .silentRun(50);
    expect(storeState.phonePreview).toEqual({ target: builderSite, status: 'succeeded', link });
  });

  it('with nothing unsaved, asks for the link at once', async () => {
    await expectSaga(phonePreviewSaga)
      .withReducer(rootReducer, openState())
      .provide([services(), answers(builderApi.phonePreview, link)])
      .dispatch(phonePreviewRequested(builderSite))
      .not.call.fn(builderApi.saveConfig)
      .put(phonePreviewLoaded(link))
      .silentRun(50);
  });

  it("asks for a mini site's link by its folder", async () => {
    await expectSaga(phonePreviewSaga)
      .withReducer(rootReducer, openState())
      .provide([services(), answers(miniSiteApi.phonePreview, link)])
      .dispatch(phonePreviewRequested({ kind: 'miniSite', webSiteDir: 'f'.repeat(32) }))
      .call(miniSiteApi.phonePreview, { webSiteDir: 'f'.repeat(32) })
      .put(phonePreviewLoaded(link))
      .silentRun(50);
  });

  it('a refusal (told by the http layer) leaves the dialog open with 重试', async () => {
    const { storeState } = await expectSaga(phonePreviewSaga)
      .withReducer(rootReducer, openState())
      .provide([services(), answers(builderApi.phonePreview, throwError(new ApiError({ code: 500, msg: '服务器内部错误', httpStatus: 500 })))])
      .dispatch(phonePreviewRequested(builderSite))
      .silentRun(50);
    expect(storeState.phonePreview).toEqual({ target: builderSite, status: 'failed', link: null });
  });

  it('closing forgets the link', () => {
    const open = phonePreviewSlice.reducer(phonePreviewSlice.reducer(initialPhonePreviewState, phonePreviewRequested(builderSite)), phonePreviewLoaded(link));
    expect(phonePreviewSlice.reducer(open, phonePreviewClosed())).toEqual(initialPhonePreviewState);
  });
});
