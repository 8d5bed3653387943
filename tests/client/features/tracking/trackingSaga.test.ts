import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as commonApi from '../../../../src/client/api/commonApi';
import { rootReducer } from '../../../../src/client/app/rootReducer';
import { locationChanged } from '../../../../src/client/app/routerSlice';
import { recordOperation, trackingSaga } from '../../../../src/client/features/tracking/trackingSaga';

const initial = rootReducer(undefined, { type: '@@init' });

describe('trackingSaga', () => {
  it('records each navigation once, with the query without its "?"', async () => {
    const recorded = jest.fn();
    await expectSaga(trackingSaga)
      .withReducer(rootReducer, initial)
      .provide([[matchers.call.fn(commonApi.recordOperateLog), dynamic(({ args }) => recorded(args[0]))]])
      .dispatch(locationChanged({ pathname: '/logo/selectPage', search: '?module=tl' }))
      .dispatch(locationChanged({ pathname: '/videoTutorial', search: '' }))
      .silentRun(20);
    expect(recorded.mock.calls).toEqual([[{ path: '/logo/selectPage', query: 'module=tl', remark: '' }], [{ path: '/videoTutorial', query: '', remark: '' }]]);
  });

  it('records the page the app opened on, which was reached before the saga started', async () => {
    await expectSaga(trackingSaga)
      .withReducer(rootReducer, { ...initial, router: { location: { pathname: '/', search: '?from=ad' } } })
      .provide([[matchers.call.fn(commonApi.recordOperateLog), null]])
      .call(commonApi.recordOperateLog, { path: '/', query: 'from=ad', remark: '' })
      .silentRun(20);
  });

  it('swallows errors and keeps recording', async () => {
    let calls = 0;
    await expectSaga(trackingSaga)
      .withReducer(rootReducer, initial)
      .provide([
        [
          matchers.call.fn(commonApi.recordOperateLog),
          dynamic(() => {
            calls += 1;
            if (calls === 1) throw new ApiError({ code: 0, msg: '网络连接失败' });
            return null;
          }),
        ],
      ])
      .dispatch(locationChanged({ pathname: '/a', search: '' }))
      .dispatch(locationChanged({ pathname: '/b', search: '' }))
      .silentRun(20);
    expect(calls).toBe(2);
  });
});

describe('recordOperation', () => {
  it('records a remark on the current page', async () => {
    await expectSaga(function* () {
      yield call(recordOperation, '生成logo');
    })
      .withReducer(rootReducer, { ...initial, router: { location: { pathname: '/logo/config', search: '?module=tl' } } })
      .provide([[matchers.call.fn(commonApi.recordOperateLog), null]])
      .call(commonApi.recordOperateLog, { path: '/logo/config', query: 'module=tl', remark: '生成logo' })
      .run();
  });

  it('never fails its caller', async () => {
    await expectSaga(function* () {
      yield call(recordOperation, '生成logo');
      yield call(() => 'after');
    })
      .withReducer(rootReducer, { ...initial, router: { location: { pathname: '/logo/config', search: '' } } })
      .provide([[matchers.call.fn(commonApi.recordOperateLog), throwError(new ApiError({ code: 500, msg: 'x' }))]])
      .run();
  });
});
