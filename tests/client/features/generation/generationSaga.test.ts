import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/client/api/ApiError';
import type { RootState } from '../../../../src/client/app/rootReducer';
import * as commonApi from '../../../../src/client/api/commonApi';
import * as generationApi from '../../../../src/client/api/generationApi';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import * as authApi from '../../../../src/client/api/authApi';
import { registerRequested } from '../../../../src/client/features/auth/accountFormsSlice';
import { register } from '../../../../src/client/features/auth/accountFormsSaga';
import { loggedIn, loginRequested, sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { login } from '../../../../src/client/features/auth/loginSaga';
import { loginDialogClosed, loginDialogOpened, loginDialogViewChanged } from '../../../../src/client/features/auth/loginDialogSlice';
import { generationSaga, requestProblem, runGeneration } from '../../../../src/client/features/generation/generationSaga';
import {
  creationAnswered,
  creationSent,
  durationLoaded,
  generationAccepted,
  generationFailed,
  generationRequested,
  generationStopped,
  generationSucceeded,
  pollAnswered,
  queueConfirmed,
  queueDeclined,
  queueInquired,
  selectProgressPercent,
} from '../../../../src/client/features/generation/generationSlice';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, GenerationMessages, waitingTitle } from '../../../../src/contract/generation';
import { Messages } from '../../../../src/contract/messages';
import { fork, takeLeading } from 'redux-saga/effects';
import { END, type SagaIterator } from 'redux-saga';
import { fakeWorld, user } from '../../sagaHarness';
import {
  bannerRequest,
  created,
  delayFunction,
  logoRequest,
  polled,
  recordingReducer,
  sequence,
  startState,
} from './generationHarness';

/** A provider for the calls of `fn`. */
function answer(fn: (...args: never[]) => unknown, value: unknown): StaticProvider {
  return [matchers.call.fn(fn), value] as StaticProvider;
}

const online = answer(commonApi.checkOnline, { isOnline: true });
const offline = answer(commonApi.checkOnline, { isOnline: false });
const duration = answer(generationApi.getLogoCreationDuration, { logoCreationDuration: 42 });
const tracking = answer(commonApi.recordOperateLog, null);
const onConfigPage = { pathname: '/logo/config', search: '?module=tl' };
const logoDone = polled({ isCreate: true, logoUrl: '/generated/logo/a b.png' });

/** What http.ts throws for an answer with a non-200 code (msg is the server's text, or the generic fallback). */
function answerError(code: number, serverMsg = ''): ApiError {
  return new ApiError({ code, msg: serverMsg || '请求失败', httpStatus: 200, serverMsg });
}
const networkError = new ApiError({ code: 0, msg: '网络连接失败，请检查网络' });

describe('generation: a logo from submit to preview', () => {
  it('creates with isFirst, polls every 2000 ms with the id, stores the URL, says so, and opens the preview 1500 ms later', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const start = world.services.now();
    const waits: number[] = [];
    const polls = sequence(polled({ waitCount: 2 }), polled({ waitCount: 0 }), logoDone);
    const recording = recordingReducer();
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recording.reducer, startState())
      .provide([
        answer(delayFunction, dynamic(({ args }: { args: unknown[] }) => void waits.push(Number(args[0])))),
        world.providers,
        online,
        duration,
        tracking,
        answer(generationApi.logoCreate, created({ uniqueId: 'job-1', waitCount: 3 })),
        answer(generationApi.logoPolling, polls.provider),
      ])
      .put(generationAccepted({ kind: 'logo' }))
      .call(commonApi.checkOnline)
      .put(creationSent({ startedAt: start, waitCount: 0 }))
      .call(generationApi.logoCreate, { ...logoRequest.payload, isFirst: true })
      .call(generationApi.getLogoCreationDuration, { module: 'tl', logobg: logoRequest.payload.logobg })
      .put(durationLoaded({ seconds: 42, at: start }))
      .call(commonApi.recordOperateLog, { path: '/logo/config', query: 'module=tl', remark: '生成logo' })
      .put(creationAnswered({ waitCount: 3, expectedSeconds: 2, at: start }))
      // The waits here are the test's own: the clock stands still.
      .put(pollAnswered({ waitCount: 2, expectedSeconds: 2, at: start }))
      // The texts it was made from go with it: the check before 生成网站 reads what the result shows.
      .put(generationSucceeded({ kind: 'logo', slot: 'alone', module: 'tl', logoUrl: '/generated/logo/a b.png', bannerUrl: '', texts: DEFAULT_LOGO_TEXTS }))
      .not.put.actionType(loginDialogOpened.type)
      .run();
    expect(polls.calls).toEqual([[{ uniqueId: 'job-1' }], [{ uniqueId: 'job-1' }], [{ uniqueId: 'job-1' }]]);
    expect(waits).toEqual([2000, 2000, 2000, 1500]);
    expect(world.services.notify.success).toHaveBeenCalledWith('LOGO生成成功');
    expect(world.services.notify.error).not.toHaveBeenCalled();
    // The message component is asked for at the start, not when the result is already there.
    expect(world.services.prepareNotices).toHaveBeenCalledTimes(1);
    expect(world.services.navigate).toHaveBeenCalledWith(
      `/logo/preview?logoUrl=%2Fgenerated%2Flogo%2Fa+b.png&fileName=${encodeURIComponent(`${logoRequest.payload.logotext}-LOGO`)}`,
    );
    expect(storeState.selections.configs.alone).toMatchObject({ logoUrl: '/generated/logo/a b.png', module: 'tl' });
    // The job's own estimate (2 s, the clock standing still) replaced the general one (42 s).
    expect(storeState.generation).toMatchObject({ status: 'succeeded', waitCount: 0, expectedSeconds: 2, jobEstimated: true });
    // The loading dialog said how many were ahead while there were any, then that it is generating.
    expect(recording.titles).toContain(waitingTitle(2));
    expect(recording.titles.at(-1)).toBe(GenerationMessages.generatingTitle);
  });

  it('stays on the page after success when the flow asks so (the mini site)', async () => {
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(runGeneration, generationRequested({ ...logoRequest, openPreview: false }))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/generated/l.png' }))])
      .put.actionType(generationSucceeded.type)
      .run();
    expect(world.services.navigate).not.toHaveBeenCalled();
    expect(world.elapsed()).toBe(0);
  });

  it('without a session: opens the login dialog, waits for the login, then generates', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, offline, duration, tracking, answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/generated/l.png' }))])
      .put(loginDialogOpened())
      .dispatch(loggedIn({ token: 'tok', userInfo: user, remember: true }))
      .call(generationApi.logoCreate, { ...logoRequest.payload, isFirst: true })
      .put.actionType(generationSucceeded.type)
      .run();
    expect(storeState.loginDialog.open).toBe(false);
    expect(world.services.notify.success).toHaveBeenCalledWith('LOGO生成成功');
  });

  /** The generation, with the auth watchers the dialog's forms talk to, as the app runs them. */
  function* generationWithAccounts(request = logoRequest): SagaIterator {
    yield takeLeading(registerRequested.type, register);
    yield takeLeading(loginRequested.type, login);
    yield fork(runGeneration, generationRequested(request));
  }
  const registration = { mobile: '13800138000', password: 'secret123', verifyCode: '123456', place: 'loginDialog' as const };

  it('without a session: a visitor who registers in the dialog is logged in there, stays on the page and the generation goes on', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(generationWithAccounts)
      .withReducer(recordingReducer().reducer, startState())
      .provide([
        world.providers,
        offline,
        duration,
        tracking,
        answer(authApi.register, null),
        answer(authApi.login, { token: 'tok', userInfo: user }),
        answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/generated/l.png' })),
      ])
      .put(loginDialogOpened())
      .dispatch(registerRequested(registration))
      .call(authApi.register, { mobile: '13800138000', password: 'secret123', verifyCode: '123456' })
      .put(loggedIn({ token: 'tok', userInfo: user, remember: true, username: '13800138000' }))
      .call(generationApi.logoCreate, { ...logoRequest.payload, isFirst: true })
      .put.actionType(generationSucceeded.type)
      .run();
    expect(storeState.loginDialog.open).toBe(false);
    expect(world.services.notify.success).toHaveBeenCalledWith(Messages.registerLoggedIn, 'account');
    // The only page change is the result's own preview: not the back office.
    expect(world.services.navigate).toHaveBeenCalledTimes(1);
    expect(world.services.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/logo\/preview\?/));
  });

  it('without a session: a password login in the dialog stays on the page and the generation goes on', async () => {
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(generationWithAccounts, { ...logoRequest, openPreview: false })
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, offline, duration, tracking, answer(authApi.login, { token: 'tok', userInfo: user }), answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/generated/l.png' }))])
      .put(loginDialogOpened())
      .dispatch(loginRequested({ username: '13800138000', password: 'secret123', remember: true, redirect: '/logo/config?module=tl', place: 'loginDialog' }))
      .call(generationApi.logoCreate, { ...logoRequest.payload, isFirst: true })
      .put.actionType(generationSucceeded.type)
      .run();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('without a session: when the login after registering fails, the dialog turns to its login pane and the generation still waits', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const tester = expectSaga(generationWithAccounts)
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, offline, answer(authApi.register, null), answer(authApi.login, throwError(answerError(428)))])
      .put(loginDialogOpened())
      .dispatch(registerRequested(registration))
      .not.call.fn(generationApi.logoCreate);
    // Once the dialog has turned to its login pane, the test is over: the watchers and the waiting flow end.
    world.after(loginDialogViewChanged.type, () => tester.dispatch(END));
    const { storeState } = await tester.run();
    expect(storeState.loginDialog).toEqual({ open: true, view: 'account' });
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('without a session: closing the login dialog stops quietly', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, offline])
      .put(loginDialogOpened())
      .dispatch(loginDialogClosed())
      .put(generationStopped())
      .not.call.fn(generationApi.logoCreate)
      .run();
    expect(storeState.generation.status).toBe('idle');
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.notify.warning).not.toHaveBeenCalled();
  });

  it('stops when the online check itself fails (the http layer has said why)', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, answer(commonApi.checkOnline, throwError(networkError))])
      .put(generationFailed())
      .not.call.fn(generationApi.logoCreate)
      .run();
    expect(storeState.generation.status).toBe('failed');
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });
});

describe('generation: when to poll, and the bar', () => {
  /** Runs a logo whose create answers `first` and whose polls answer `polls`; answers the waits. */
  async function waitsOf(first: ReturnType<typeof created>, ...polls: ReturnType<typeof polled>[]): Promise<number[]> {
    const world = fakeWorld({ location: onConfigPage });
    const waits: number[] = [];
    await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([
        answer(delayFunction, dynamic(({ args }: { args: unknown[] }) => void waits.push(Number(args[0])))),
        world.providers,
        online,
        duration,
        tracking,
        answer(generationApi.logoCreate, first),
        answer(generationApi.logoPolling, sequence(...polls).provider),
      ])
      .put.actionType(generationSucceeded.type)
      .run();
    return waits;
  }

  it('a short render: the first poll at its estimate, not after a fixed 2000 ms, then backing off while it is late', async () => {
    const late = polled({ expectedSeconds: 0 });
    expect(await waitsOf(created({ expectedSeconds: 0.3 }), late, late, logoDone)).toEqual([300, 250, 500, 1_500]);
  });

  it('a long render: every 2000 ms, and at its estimate when that comes sooner', async () => {
    expect(await waitsOf(created({ expectedSeconds: 5 }), polled({ expectedSeconds: 3 }), polled({ expectedSeconds: 1 }), logoDone)).toEqual([2_000, 2_000, 1_000, 1_500]);
  });

  it('the bar follows the answers on the clock: it moves every second until the result is due, never back, and is full at the end', async () => {
    const world = fakeWorld({ location: { pathname: '/banner/config', search: '?module=fsa' } });
    const start = world.services.now();
    // What the bar's state was from each moment on.
    const states: Array<{ at: number; state: RootState }> = [];
    const recording = recordingReducer();
    const reducer: typeof recording.reducer = (state, action) => {
      const next = recording.reducer(state, action);
      states.push({ at: world.services.now(), state: next });
      return next;
    };
    // Expected 12 s; the render's own progress says 9.5 s left at 2 s (slower), then 5 s, 2.5 s, 0.5 s.
    const polls = sequence(polled({ expectedSeconds: 9.5 }), polled({ expectedSeconds: 5 }), polled({ expectedSeconds: 2.5 }), polled({ expectedSeconds: 0.5 }), polled({ isCreate: true, logoUrl: '/l.png', bannerUrl: '/b.mp4' }));
    await expectSaga(runGeneration, generationRequested(bannerRequest))
      .withReducer(reducer, startState('/banner/config', '?module=fsa'))
      .provide([world.providers, online, answer(generationApi.getLogoCreationDuration, { logoCreationDuration: 14 }), tracking, answer(generationApi.logoCreate, created({ expectedSeconds: 12 })), answer(generationApi.logoPolling, polls.provider)])
      .put.actionType(generationSucceeded.type)
      .run();
    const doneAt = states.find(({ state }) => state.generation.status === 'succeeded')?.at ?? Infinity;
    expect(doneAt - start).toBe(2_000 * 4 + 500);
    const bar: number[] = [];
    for (let at = start; at <= doneAt; at += 100) {
      const current = states.filter((entry) => entry.at <= at).at(-1)?.state;
      bar.push(current ? selectProgressPercent(current, at) : 0);
    }
    expect(bar.every((value, i) => i === 0 || value >= bar[i - 1])).toBe(true);
    const everySecond = bar.filter((_value, i) => i % 10 === 0);
    expect(everySecond.slice(1).every((value, i) => value > everySecond[i])).toBe(true);
    expect(bar.at(-1)).toBe(100);
  });
});

describe('generation: a banner whose result exists already', () => {
  it('uses the URLs at once, without polling, and opens the banner preview', async () => {
    const world = fakeWorld({ location: { pathname: '/banner/config', search: '?module=fsa' } });
    const { storeState } = await expectSaga(runGeneration, generationRequested(bannerRequest))
      .withReducer(recordingReducer().reducer, startState('/banner/config', '?module=fsa'))
      .provide([
        world.providers,
        online,
        duration,
        tracking,
        answer(generationApi.logoCreate, created({ exist: true, uniqueId: '', logoUrl: '/generated/l.png', bannerUrl: '/generated/b.mp4' })),
      ])
      .call(generationApi.logoCreate, { ...bannerRequest.payload, isFirst: true })
      .call(commonApi.recordOperateLog, { path: '/banner/config', query: 'module=fsa', remark: '生成整屏动画' })
      .put(
        generationSucceeded({
          kind: 'banner',
          slot: 'banner',
          module: 'fsa',
          logoUrl: '/generated/l.png',
          bannerUrl: '/generated/b.mp4',
          texts: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS },
          // An answer that names no maker is the style's scene: never called AI.
          art: { artMaker: 'scene', artMakerLabel: '', keyArtUrl: '' },
        }),
      )
      .not.call.fn(generationApi.logoPolling)
      .run();
    expect(world.services.notify.success).toHaveBeenCalledWith('整屏动画生成成功');
    expect(world.elapsed()).toBe(1500);
    expect(world.services.navigate).toHaveBeenCalledWith(
      `/banner/preview?logoUrl=%2Fgenerated%2Fl.png&bannerUrl=%2Fgenerated%2Fb.mp4&fileName=${encodeURIComponent(`${bannerRequest.payload.logotext}-整屏动画`)}`,
    );
    expect(storeState.selections.configs.banner).toMatchObject({ logoUrl: '/generated/l.png', bannerUrl: '/generated/b.mp4', module: 'fsa' });
  });
});

describe('generation: the queue question', () => {
  it('on confirm: sends again with isFirst false, shows the waiting count, and polls', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const creates = sequence(created({ isInquiry: true, uniqueId: '', waitCount: 12 }), created({ uniqueId: 'job-2', waitCount: 12 }));
    const recording = recordingReducer();
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recording.reducer, startState())
      .provide([
        world.providers,
        online,
        duration,
        tracking,
        answer(generationApi.logoCreate, creates.provider),
        answer(generationApi.logoPolling, sequence(polled({ waitCount: 11 }), logoDone).provider),
      ])
      .put(queueInquired({ waitCount: 12 }))
      .dispatch(queueConfirmed())
      .put(creationSent({ startedAt: world.services.now(), waitCount: 12 }))
      .call(generationApi.logoPolling, { uniqueId: 'job-2' })
      .put.like({ action: { type: pollAnswered.type, payload: { waitCount: 11 } } })
      .put.actionType(generationSucceeded.type)
      .run();
    expect(creates.calls).toEqual([[{ ...logoRequest.payload, isFirst: true }], [{ ...logoRequest.payload, isFirst: false }]]);
    // The loading dialog closed for the question, then came back with the count ahead.
    expect(recording.statuses).toContain('inquiring');
    expect(recording.titles).toEqual(expect.arrayContaining([waitingTitle(12), waitingTitle(11)]));
    expect(storeState.generation.status).toBe('succeeded');
  });

  it('on cancel: sends nothing more and ends quietly', async () => {
    const world = fakeWorld({ location: onConfigPage });
    const creates = sequence(created({ isInquiry: true, uniqueId: '', waitCount: 12 }));
    const { storeState } = await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, creates.provider)])
      .put(queueInquired({ waitCount: 12 }))
      .dispatch(queueDeclined())
      .not.call.fn(generationApi.logoPolling)
      .not.put.actionType(generationSucceeded.type)
      .run();
    expect(creates.calls).toHaveLength(1);
    expect(storeState.generation.status).toBe('idle');
    expect(world.services.notify.error).not.toHaveBeenCalled();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });
});

describe('generation: failures', () => {
  /** Runs a flow that must fail: one error toast, the loading dialog closed, no preview. */
  async function failing(request: typeof logoRequest, ...providers: StaticProvider[]) {
    const world = fakeWorld({ location: onConfigPage });
    const run = await expectSaga(runGeneration, generationRequested(request))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, ...providers])
      .put.actionType(generationFailed.type)
      .not.put.actionType(generationSucceeded.type)
      .run();
    expect(run.storeState.generation.status).toBe('failed');
    // Kept beside the form as the user was told (the AI key art field shows a painting's refusal).
    expect(run.storeState.generation.errorMessage).toBe(jest.mocked(world.services.notify.error).mock.calls[0]?.[0]);
    expect(world.services.navigate).not.toHaveBeenCalled();
    expect(world.services.notify.error).toHaveBeenCalledTimes(1);
    return world;
  }

  it.each([
    ['the server message', logoRequest, answerError(429, '生成过于频繁，请稍后再试'), '生成过于频繁，请稍后再试'],
    ['创建logo失败 when the server gives none', logoRequest, answerError(500), '创建logo失败'],
    ['创建整屏动画失败 for a banner', bannerRequest, answerError(500), '创建整屏动画失败'],
    ['创建logo失败 when the network fails', logoRequest, networkError, '创建logo失败'],
  ])('a failed creation shows %s once and closes the loading dialog', async (_name, request, error, message) => {
    const world = await failing(request, answer(generationApi.logoCreate, throwError(error)));
    expect(world.services.notify.error).toHaveBeenCalledWith(message);
  });

  it('an expired login on creation: says so and stops; the http layer is what ends the session', async () => {
    const expired = new ApiError({ code: 401, msg: '登录已过期，请重新登录', httpStatus: 401, serverMsg: '登录已过期，请重新登录' });
    const world = fakeWorld({ location: onConfigPage });
    await expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, { ...startState(), auth: { ...startState().auth, token: 'old' } })
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, throwError(expired))])
      .put(generationFailed('登录已过期，请重新登录'))
      .not.put(sessionEnded())
      .run();
    expect(world.services.notify.error).toHaveBeenCalledWith('登录已过期，请重新登录');
  });

  it('no generation id: LOGO生成ID不存在, and no polling', async () => {
    const world = await failing(logoRequest, answer(generationApi.logoCreate, created({ uniqueId: '' })));
    expect(world.services.notify.error).toHaveBeenCalledWith('LOGO生成ID不存在');
  });

  it.each([
    ['its errorMsg', logoRequest, '渲染失败：字体加载失败', '渲染失败：字体加载失败'],
    ['LOGO生成超时 without one', logoRequest, '', 'LOGO生成超时'],
    ['整屏动画生成超时 for a banner without one', bannerRequest, '', '整屏动画生成超时'],
  ])('an expired job shows %s and stops polling', async (_name, request, errorMsg, message) => {
    const polls = sequence(polled({ waitCount: 1 }), polled({ expired: true, errorMsg }), logoDone);
    const world = await failing(request, answer(generationApi.logoCreate, created({})), answer(generationApi.logoPolling, polls.provider));
    expect(world.services.notify.error).toHaveBeenCalledWith(message);
    expect(polls.calls).toHaveLength(2);
  });

  it.each([
    ['its msg', answerError(404, '生成任务不存在或已过期，请重新生成'), '生成任务不存在或已过期，请重新生成'],
    ['轮询失败 without one', answerError(500), '轮询失败'],
    ['轮询失败，请重试 on a network error', networkError, '轮询失败，请重试'],
  ])('a failed poll shows %s and stops polling', async (_name, error, message) => {
    let count = 0;
    const world = await failing(
      logoRequest,
      answer(generationApi.logoCreate, created({})),
      answer(
        generationApi.logoPolling,
        dynamic(() => {
          count += 1;
          if (count === 2) throw error;
          return polled({ waitCount: 1 });
        }),
      ),
    );
    expect(world.services.notify.error).toHaveBeenCalledWith(message);
    expect(count).toBe(2);
  });
});

describe('generation: leaving the page', () => {
  it('stops the polling and closes the dialog when the route changes', async () => {
    // The user leaves while the fourth poll is awaited.
    const world = fakeWorld({ location: onConfigPage, pauseAfterDelays: 3 });
    const polls = sequence(polled({ waitCount: 4 }));
    const tester = expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, created({})), answer(generationApi.logoPolling, polls.provider)])
      .put(generationStopped());
    world.whenPaused(() => tester.dispatch(locationChanged({ pathname: '/banner/selectPage', search: '?module=fsa' })));
    const { storeState } = await tester.run();
    // Nothing was polled once the user had left.
    expect(polls.calls).toHaveLength(3);
    expect(storeState.generation.status).toBe('idle');
    expect(world.services.notify.error).not.toHaveBeenCalled();
  });

  it('leaving during the 1500 ms after success cancels the trip to the preview', async () => {
    const world = fakeWorld({ location: onConfigPage, pauseAfterDelays: 0 });
    const tester = expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/generated/l.png' }))])
      .put.actionType(generationSucceeded.type)
      .put(generationStopped());
    world.whenPaused(() => tester.dispatch(locationChanged({ pathname: '/', search: '' })));
    await tester.run();
    expect(world.services.navigate).not.toHaveBeenCalled();
  });

  it('a change of the query only (the tl/al switch) does not stop it', async () => {
    const world = fakeWorld({ location: onConfigPage });
    let tester: ReturnType<typeof expectSaga> | null = null;
    let count = 0;
    tester = expectSaga(runGeneration, generationRequested(logoRequest))
      .withReducer(recordingReducer().reducer, startState())
      .provide([
        world.providers,
        online,
        duration,
        tracking,
        answer(generationApi.logoCreate, created({})),
        answer(
          generationApi.logoPolling,
          dynamic(() => {
            count += 1;
            // The switch comes while the second poll is out; the answer waits for it to be heard.
            if (count === 2) {
              tester?.dispatch(locationChanged({ pathname: '/logo/config', search: '?module=al' }));
              return Promise.resolve(polled({ waitCount: 1 }));
            }
            return count < 4 ? polled({ waitCount: 1 }) : logoDone;
          }),
        ),
      ])
      .put.actionType(generationSucceeded.type)
      .not.put(generationStopped());
    await tester.run();
    // Polled on after the switch, to the result.
    expect(count).toBe(4);
  });
});

describe('generation: what stops a submit before anything is sent', () => {
  it.each([
    ['an empty logo name', { ...logoRequest, payload: { ...logoRequest.payload, logotext: '' } }, GenerationMessages.logoTextRequired],
    ['a long seal', { ...logoRequest, payload: { ...logoRequest.payload, rightsealtext: '五个字印章' } }, GenerationMessages.sealTooLong],
    ['no logo template (logo)', { ...logoRequest, payload: { ...logoRequest.payload, logobg: 0 } }, GenerationMessages.logoTemplateRequired],
    ['no banner template', { ...bannerRequest, payload: { ...bannerRequest.payload, banner: 0 } }, GenerationMessages.bannerTemplateRequired],
    ['no logo template (banner)', { ...bannerRequest, payload: { ...bannerRequest.payload, logobg: 0 } }, GenerationMessages.logoTemplateRequired],
    ['a short banner line', { ...bannerRequest, payload: { ...bannerRequest.payload, bannertextup: '太短' } }, GenerationMessages.formInvalid],
    ['an empty logo name in the banner form', { ...bannerRequest, payload: { ...bannerRequest.payload, logotext: '' } }, GenerationMessages.formInvalid],
  ])('%s', async (_name, request, message) => {
    expect(requestProblem(request)).toBe(message);
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runGeneration, generationRequested(request))
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers])
      .not.call.fn(commonApi.checkOnline)
      .not.put.actionType(generationAccepted.type)
      .run();
    expect(world.services.notify.warning).toHaveBeenCalledWith(message);
    expect(storeState.generation.status).toBe('idle');
  });

  it('valid forms pass', () => {
    expect(requestProblem(logoRequest)).toBeNull();
    expect(requestProblem(bannerRequest)).toBeNull();
  });
});

describe('generation: the watcher and the expected duration', () => {
  it('ignores a second submit while one runs', async () => {
    const world = fakeWorld({ location: onConfigPage, pauseAfterDelays: 1 });
    const creates = sequence(created({}));
    const tester = expectSaga(generationSaga)
      .withReducer(recordingReducer().reducer, startState())
      .provide([world.providers, online, duration, tracking, answer(generationApi.logoCreate, creates.provider), answer(generationApi.logoPolling, polled({ waitCount: 1 }))])
      .dispatch(generationRequested(logoRequest));
    world.whenPaused(() => {
      // The first one is polling now: a second click changes nothing. Then the user leaves, and the test ends.
      tester.dispatch(generationRequested(bannerRequest));
      tester.dispatch(locationChanged({ pathname: '/', search: '' }));
      tester.dispatch(END);
    });
    const { storeState } = await tester.run();
    expect(creates.calls).toEqual([[{ ...logoRequest.payload, isFirst: true }]]);
    expect(storeState.generation.kind).toBe('logo');
  });

  it.each([
    ['logo', logoRequest, 180],
    ['banner', bannerRequest, 60],
  ])('falls back to the %s default when the duration cannot be had', async (_kind, request, seconds) => {
    const world = fakeWorld({ location: onConfigPage });
    const { storeState } = await expectSaga(runGeneration, generationRequested(request))
      .withReducer(recordingReducer().reducer, startState())
      .provide([
        world.providers,
        online,
        tracking,
        answer(generationApi.getLogoCreationDuration, throwError(networkError)),
        answer(generationApi.logoCreate, created({ exist: true, logoUrl: '/l.png', bannerUrl: '/b.mp4' })),
      ])
      .put.like({ action: { type: durationLoaded.type, payload: { seconds } } })
      .run();
    expect(storeState.generation.expectedSeconds).toBe(seconds);
  });
});
