/** 手机预览 in the builder: unsaved edits go first, then the signed link and its QR code; a refusal is said. */
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type EffectProviders, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as builderApi from '../../../../src/client/api/builderApi';
import { SERVICES } from '../../../../src/client/app/services';
import { requestPhonePreview } from '../../../../src/client/features/builder/builderSaga';
import { builderSlice, phonePreviewClosed, phonePreviewLoaded, phonePreviewRequested } from '../../../../src/client/features/builder/builderSlice';
import { BuilderMessages, type PhonePreviewAnswer } from '../../../../src/contract/builder';
import { makeFakeServices } from '../../fakeServices';
import { rootReducer } from '../auth/sagaHarness';
import { openState, site } from './builderHarness';

const link: PhonePreviewAnswer = { url: 'http://localhost:8080/m/abc.def.ghi', qrcode: 'data:image/png;base64,AAAA', expiresAt: 1_800_000_000_000 };

function servicesOnly() {
  const services = makeFakeServices({ pathname: '/createWeb', search: '' });
  const providers: EffectProviders = { getContext: (key, next) => (key === SERVICES ? services : next()) };
  return { services, providers };
}

describe('builder: 手机预览', () => {
  it('saves unsaved edits first, then shows the link of the saved site', async () => {
    const { providers } = servicesOnly();
    const state = rootReducer(openState(site(), { pending: { main: { siteName: '云海' } } }), phonePreviewRequested());
    const { storeState } = await expectSaga(requestPhonePreview)
      .withReducer(rootReducer, state)
      .provide([providers, [matchers.call.fn(builderApi.saveConfig), site({}, 2)] as StaticProvider, [matchers.call.fn(builderApi.phonePreview), link] as StaticProvider])
      .call.fn(builderApi.saveConfig)
      .call(builderApi.phonePreview, { id: 42 })
      .put(phonePreviewLoaded(link))
      .run();
    expect(storeState.builder.phonePreview).toEqual({ open: true, status: 'succeeded', link });
  });

  it('with nothing unsaved, asks for the link at once', async () => {
    const { providers } = servicesOnly();
    await expectSaga(requestPhonePreview)
      .withReducer(rootReducer, rootReducer(openState(), phonePreviewRequested()))
      .provide([providers, [matchers.call.fn(builderApi.phonePreview), link] as StaticProvider])
      .not.call.fn(builderApi.saveConfig)
      .put(phonePreviewLoaded(link))
      .run();
  });

  it("a refusal says the server's reason (or 生成手机预览失败) and the dialog offers a retry", async () => {
    const { services, providers } = servicesOnly();
    const { storeState } = await expectSaga(requestPhonePreview)
      .withReducer(rootReducer, rootReducer(openState(), phonePreviewRequested()))
      .provide([providers, [matchers.call.fn(builderApi.phonePreview), throwError(new ApiError({ code: 500, msg: '', httpStatus: 500 }))] as StaticProvider])
      .run();
    expect(services.notify.error).toHaveBeenCalledWith(BuilderMessages.phonePreviewFailed);
    expect(storeState.builder.phonePreview).toMatchObject({ open: true, status: 'failed', link: null });
  });

  it('closing forgets the link', () => {
    const open = builderSlice.reducer(builderSlice.reducer(openState().builder, phonePreviewRequested()), phonePreviewLoaded(link));
    expect(builderSlice.reducer(open, phonePreviewClosed()).phonePreview).toEqual({ open: false, status: 'idle', link: null });
  });
});
