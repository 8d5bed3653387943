import { END } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as generationApi from '../../../../src/client/api/generationApi';
import { downloadSaga, downloadZip } from '../../../../src/client/features/download/downloadSaga';
import { zipDownloadFailed, zipDownloadRequested, zipDownloadStarted, zipDownloadSucceeded } from '../../../../src/client/features/download/downloadSlice';
import { GenerationMessages } from '../../../../src/contract/generation';
import { answerLater, fakeWorld, rootReducer, stateWith } from '../../sagaHarness';

const logoFiles = { fileName: 'LOGO', fileList: ['/generated/logo/a.png'] };

describe('downloadSaga', () => {
  it('asks for the zip, downloads it under the name its URL ends in, and says so', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(downloadZip, zipDownloadRequested(logoFiles))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), { zipUrl: '/zips/LOGO_ab12.zip' }]])
      .call(generationApi.createZipUrlByFile, logoFiles)
      .put(zipDownloadStarted({ visit: undefined }))
      .put(zipDownloadSucceeded())
      .run();
    expect(world.services.download).toHaveBeenCalledWith('/zips/LOGO_ab12.zip', 'LOGO_ab12.zip');
    expect(world.services.notify.success).toHaveBeenCalledWith('文件开始下载');
    expect(storeState.download.status).toBe('succeeded');
  });

  it.each([
    ['an empty zipUrl', { zipUrl: '' }],
    ['no answer data', null],
    ['a javascript: URL', { zipUrl: 'javascript:alert(1)' }],
  ])('%s: 获取下载文件失败 and no download', async (_name, answer) => {
    const world = fakeWorld();
    await expectSaga(downloadZip, zipDownloadRequested(logoFiles))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), answer]])
      .put(zipDownloadFailed())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith(GenerationMessages.zipEmpty);
    expect(world.services.download).not.toHaveBeenCalled();
  });

  it('a refused call shows the server message once, else 获取下载文件失败', async () => {
    const world = fakeWorld();
    await expectSaga(downloadZip, zipDownloadRequested(logoFiles))
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), throwError(new ApiError({ code: 422, msg: '只能打包本站生成的文件', serverMsg: '只能打包本站生成的文件' }))]])
      .put(zipDownloadFailed())
      .run();
    expect(world.services.notify.error.mock.calls).toEqual([['只能打包本站生成的文件']]);

    const offline = fakeWorld();
    await expectSaga(downloadZip, zipDownloadRequested(logoFiles))
      .withReducer(rootReducer, stateWith())
      .provide([offline.providers, [matchers.call.fn(generationApi.createZipUrlByFile), throwError(new ApiError({ code: 0, msg: '网络连接失败' }))]])
      .run();
    expect(offline.services.notify.error.mock.calls).toEqual([[GenerationMessages.zipEmpty]]);
  });

  it('downloads a page visit automatically once, however often it asks (StrictMode, remounts)', async () => {
    const world = fakeWorld();
    const zip = answerLater({ zipUrl: '/zips/LOGO_1.zip' });
    const auto = zipDownloadRequested({ ...logoFiles, visit: 'visit-1' });
    const tester = expectSaga(downloadSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), dynamic(zip.provider)]])
      .dispatch(auto);
    // StrictMode's double effect: a second ask while the first is under way...
    world.after(zipDownloadStarted.type, () => {
      tester.dispatch(auto);
      zip.answer();
    });
    // ...then a remount of the same visit after it finished; then the test is over.
    world.after(zipDownloadSucceeded.type, () => {
      tester.dispatch(auto);
      tester.dispatch(END);
    });
    const { storeState } = await tester.run();
    expect(zip.calls()).toBe(1);
    expect(world.services.download).toHaveBeenCalledTimes(1);
    expect(storeState.download.autoVisit).toBe('visit-1');
  });

  it('a new visit downloads again, and so does the 下载 button', async () => {
    const world = fakeWorld();
    let tester: ReturnType<typeof expectSaga> | null = null;
    const zips = jest.fn(() => {
      // The third is the last: the watcher ends once it is done.
      if (zips.mock.calls.length === 3) queueMicrotask(() => tester?.dispatch(END));
      return { zipUrl: '/zips/LOGO_1.zip' };
    });
    tester = expectSaga(downloadSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), dynamic(zips)]])
      .dispatch(zipDownloadRequested({ ...logoFiles, visit: 'visit-1' }))
      .dispatch(zipDownloadRequested({ ...logoFiles, visit: 'visit-2' }))
      .dispatch(zipDownloadRequested(logoFiles));
    await tester.run();
    expect(zips).toHaveBeenCalledTimes(3);
  });

  it('a click while the zip is being made is ignored', async () => {
    const world = fakeWorld();
    const zip = answerLater({ zipUrl: '/zips/LOGO_1.zip' });
    const tester = expectSaga(downloadSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, [matchers.call.fn(generationApi.createZipUrlByFile), dynamic(zip.provider)]])
      .dispatch(zipDownloadRequested(logoFiles));
    world.after(zipDownloadStarted.type, () => {
      tester.dispatch(zipDownloadRequested(logoFiles));
      zip.answer();
    });
    world.after(zipDownloadSucceeded.type, () => tester.dispatch(END));
    await tester.run();
    expect(zip.calls()).toBe(1);
    expect(world.services.download).toHaveBeenCalledTimes(1);
  });
});
