import type { Action } from 'redux';
import type { SagaIterator } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type StaticProvider } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { watchUploads as watchBuilderUploads } from '../../../../src/client/features/builder/imageUploadSaga';
import { builderUploadEvents, imageUploadRequested as builderImagePicked } from '../../../../src/client/features/builder/builderSlice';
import { watchUploads as watchMiniSiteUploads } from '../../../../src/client/features/miniSite/imageUploadSaga';
import { imageUploadRequested as miniSiteImagePicked, miniSiteUploadEvents } from '../../../../src/client/features/miniSite/miniSiteSlice';
import type { UploadEvents } from '../../../../src/client/features/upload/uploadEvents';
import type { UploadState } from '../../../../src/client/features/upload/upload.types';
import { runOnFakeClock } from '../../fakeClock';
import { fakeWorld, rootReducer } from '../../sagaHarness';
import { openState } from '../builder/builderHarness';
import { readyState } from '../miniSite/miniSiteHarness';

/** One request the fake server has received: it answers (or not) when the test says. */
interface Sent {
  fileName: string;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
  answer(): void;
}

/** How each domain picks a picture, sends it and shows it: the same upload saga for both. */
interface Domain {
  name: string;
  watch: () => SagaIterator;
  api: (...args: never[]) => unknown;
  /** Where the request takes its progress callback and its abort signal. */
  progressArg: number;
  signalArg: number;
  answerOf(fileName: string): unknown;
  picked(fileName: string): Action;
  key: string;
  events: UploadEvents;
  page: { pathname: string; search: string };
  state: RootState;
  uploadsOf(state: RootState): Record<string, UploadState>;
  fieldOf(state: RootState): string | undefined;
}

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

const domains: Domain[] = [
  {
    name: 'the builder',
    watch: watchBuilderUploads,
    api: builderApi.siteFileUpload,
    progressArg: 3,
    signalArg: 4,
    answerOf: (fileName) => ({ url: `/uploads/${fileName}` }),
    picked: (fileName) => builderImagePicked({ type: 'content', key: 'cover', file: png(fileName) }),
    key: 'content.cover',
    events: builderUploadEvents,
    page: { pathname: '/createWeb', search: '' },
    state: openState(),
    uploadsOf: (state) => state.builder.uploads,
    fieldOf: (state) => state.builder.site?.formData.content.cover,
  },
  {
    name: 'the mini site',
    watch: watchMiniSiteUploads,
    api: miniSiteApi.uploadImage,
    progressArg: 2,
    signalArg: 3,
    answerOf: (fileName) => ({ shortUrl: `/uploads/${fileName}`, url: '' }),
    picked: (fileName) => miniSiteImagePicked({ key: 'cover', file: png(fileName) }),
    key: 'cover',
    events: miniSiteUploadEvents,
    page: { pathname: '/miniSite/config', search: '' },
    state: readyState(),
    uploadsOf: (state) => state.miniSite.uploads,
    fieldOf: (state) => state.selections.siteTemplateConfig.cover,
  },
];

describe.each(domains)('uploads in $name', (domain) => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /** The domain's watcher on the fake clock, its requests held until the test answers them. */
  function start() {
    const world = fakeWorld({ location: domain.page });
    const sent: Sent[] = [];
    const server = dynamic(
      ({ args }: { args: unknown[] }) =>
        new Promise((resolve) => {
          const fileName = args[1] as string;
          sent.push({ fileName, onProgress: args[domain.progressArg] as Sent['onProgress'], signal: args[domain.signalArg] as AbortSignal, answer: () => resolve(domain.answerOf(fileName)) });
        }),
    );
    const saga = expectSaga(domain.watch)
      .withReducer(rootReducer, domain.state)
      .provide([world.providers, [matchers.call.fn(domain.api), server] as StaticProvider]);
    return { world, sent, saga, run: runOnFakeClock(saga) };
  }

  it('reports the upload’s progress, and the field takes its URL', async () => {
    const { sent, saga, run } = start();
    saga.put(domain.events.uploadProgressed({ key: domain.key, percent: 40 })).put(domain.events.uploadProgressed({ key: domain.key, percent: 90 }));
    run.dispatch(domain.picked('a.png'));
    await run.advance(0);
    sent[0].onProgress(40);
    await run.advance(0);
    sent[0].onProgress(90);
    await run.advance(0);
    sent[0].answer();
    const { storeState } = await run.finish();
    expect(domain.fieldOf(storeState)).toBe('/uploads/a.png');
    expect(domain.uploadsOf(storeState)[domain.key]).toEqual({ status: 'succeeded', percent: 100, fileName: 'a.png' });
  });

  it('a newer picture for the same field aborts the one still going up, whose late answer is ignored', async () => {
    const { sent, saga, run } = start();
    saga.not.put(domain.events.uploadSucceeded({ key: domain.key, url: '/uploads/first.png' }));
    run.dispatch(domain.picked('first.png'));
    await run.advance(0);
    run.dispatch(domain.picked('second.png'));
    await run.advance(0);
    expect(sent.map((request) => [request.fileName, request.signal.aborted])).toEqual([
      ['first.png', true],
      ['second.png', false],
    ]);
    sent[1].answer();
    await run.advance(0);
    sent[0].answer();
    const { storeState } = await run.finish();
    expect(domain.fieldOf(storeState)).toBe('/uploads/second.png');
    expect(domain.uploadsOf(storeState)[domain.key]).toEqual({ status: 'succeeded', percent: 100, fileName: 'second.png' });
  });

  it('leaving the page aborts the upload, and the field shows what it had', async () => {
    const { world, sent, run } = start();
    const before = domain.fieldOf(domain.state);
    run.dispatch(domain.picked('a.png'));
    await run.advance(0);
    // Another tab of the same page (only the query changes) is not leaving it.
    run.dispatch(locationChanged({ pathname: domain.page.pathname, search: '?tab=2' }));
    await run.advance(0);
    expect(sent[0].signal.aborted).toBe(false);
    run.dispatch(locationChanged({ pathname: '/backend/siteList', search: '' }));
    await run.advance(0);
    expect(sent[0].signal.aborted).toBe(true);
    sent[0].answer();
    const { storeState } = await run.finish();
    expect(domain.fieldOf(storeState)).toBe(before);
    expect(domain.uploadsOf(storeState)[domain.key]).toBeUndefined();
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});
