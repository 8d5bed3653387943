import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { uploadImage } from '../../../../src/client/features/miniSite/imageUploadSaga';
import { imageUploadRequested, uploadFailed, uploadStarted, uploadSucceeded } from '../../../../src/client/features/miniSite/miniSiteSlice';
import { MiniSiteMessages } from '../../../../src/contract/miniSite';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { readyState } from './miniSiteHarness';

function apiError(code: number, serverMsg = '', httpStatus = 200): ApiError {
  return new ApiError({ code, msg: serverMsg || '请求失败', httpStatus, serverMsg });
}

const onConfigPage = { pathname: '/miniSite/config', search: '' };
const png = () => new File(['png-bytes'], '封面.png', { type: 'image/png' });

describe('miniSite uploads', () => {
  it('the picture goes up and the field takes its shortUrl', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(uploadImage, imageUploadRequested({ key: 'cover', file: png() }))
      .withReducer(rootReducer, readyState())
      .provide([world.providers, [matchers.call.fn(miniSiteApi.uploadImage), { shortUrl: '/uploads/a.png', url: 'https://example.com/uploads/a.png' }] as StaticProvider])
      .put(uploadStarted({ key: 'cover', fileName: '封面.png' }))
      .put(uploadSucceeded({ key: 'cover', url: '/uploads/a.png' }))
      .run();
    expect(storeState.selections.siteTemplateConfig.cover).toBe('/uploads/a.png');
    expect(storeState.miniSite.uploads.cover).toEqual({ status: 'succeeded', percent: 100, fileName: '封面.png' });
  });

  it.each([
    ['a file that is not a picture', new File(['x'], 'notes.txt', { type: 'text/plain' }), MiniSiteMessages.uploadTypeRefused],
    ['a picture past 50 MB', Object.defineProperty(new File(['x'], 'big.jpg', { type: 'image/jpeg' }), 'size', { value: 50 * 1024 * 1024 + 1 }), MiniSiteMessages.uploadTooLarge],
  ])('%s is refused before it is sent', async (_name, file, message) => {
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(uploadImage, imageUploadRequested({ key: 'cover', file }))
      .withReducer(rootReducer, readyState())
      .provide([world.providers, [matchers.call.fn(miniSiteApi.uploadImage), { shortUrl: '/uploads/x.png', url: '' }] as StaticProvider])
      .not.call.fn(miniSiteApi.uploadImage)
      .not.put.actionType(uploadStarted.type)
      .run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(message);
  });

  it('a refused upload shows the server’s message, else 图片上传失败, and the field keeps its value', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(uploadImage, imageUploadRequested({ key: 'cover', file: png() }))
      .withReducer(rootReducer, readyState())
      .provide([world.providers, [matchers.call.fn(miniSiteApi.uploadImage), throwError(apiError(422, MiniSiteMessages.uploadUnreadable, 422))]])
      .put(uploadFailed({ key: 'cover' }))
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(MiniSiteMessages.uploadUnreadable);
    expect(storeState.selections.siteTemplateConfig.cover).toBeUndefined();

    const offline = fakeWorld({ location: onConfigPage });
    await expectSaga(uploadImage, imageUploadRequested({ key: 'cover', file: png() }))
      .withReducer(rootReducer, readyState())
      .provide([offline.providers, [matchers.call.fn(miniSiteApi.uploadImage), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .put(uploadFailed({ key: 'cover' }))
      .run();
    expect(offline.services.notify.error).toHaveBeenCalledWith(MiniSiteMessages.uploadFailed);
  });
});
