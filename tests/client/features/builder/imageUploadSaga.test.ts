import { expectSaga } from 'redux-saga-test-plan';
import * as builderApi from '../../../../src/client/api/builderApi';
import { uploadImage } from '../../../../src/client/features/builder/imageUploadSaga';
import { fieldEdited, imageUploadRequested } from '../../../../src/client/features/builder/builderSlice';
import { BuilderLimits, BuilderMessages } from '../../../../src/contract/builder';
import { rootReducer } from '../../sagaHarness';
import { openState, answer, failing, answerError, servicesOnly } from './builderHarness';

function file(name: string, type: string, size: number): File {
  const picked = new File(['x'], name, { type });
  Object.defineProperty(picked, 'size', { value: size });
  return picked;
}

describe('builder: uploads', () => {
  it.each([
    ['a non-image', file('a.pdf', 'application/pdf', 10), BuilderMessages.imagesOnly],
    ['a picture over 2 MB', file('a.png', 'image/png', BuilderLimits.uploadMaxBytes + 1), BuilderMessages.uploadTooLarge],
  ])('%s is refused before sending', async (_name, picked, message) => {
    const { services, providers } = servicesOnly();
    await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: picked }))
      .withReducer(rootReducer, openState())
      .provide([providers])
      .not.call.fn(builderApi.siteFileUpload)
      .run();
    expect(services.notify.warning).toHaveBeenCalledWith(message);
  });

  it('an image is uploaded for its site, type and field, and its URL becomes the field\'s value', async () => {
    const { providers } = servicesOnly();
    const picked = file('a.png', 'image/png', 1000);
    const { storeState } = await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: picked }))
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.siteFileUpload, { url: '/uploads/x.png' })])
      .put(fieldEdited({ type: 'content', key: 'cover', value: '/uploads/x.png', kind: 'whole' }))
      .run();
    expect(storeState.builder.site?.formData.content.cover).toBe('/uploads/x.png');
    expect(storeState.builder.uploads['content.cover'].status).toBe('succeeded');
  });

  it('the server\'s refusal of an upload is shown', async () => {
    const { services, providers } = servicesOnly();
    await expectSaga(uploadImage, imageUploadRequested({ type: 'content', key: 'cover', file: file('a.png', 'image/png', 1000) }))
      .withReducer(rootReducer, openState())
      .provide([providers, failing(builderApi.siteFileUpload, answerError(422, '图片已损坏或无法识别，请换一张'))])
      .run();
    expect(services.notify.error).toHaveBeenCalledWith('图片已损坏或无法识别，请换一张');
  });
});
