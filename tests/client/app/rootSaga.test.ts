import { expectSaga } from 'redux-saga-test-plan';
import { put, take } from 'redux-saga/effects';
import { appStarted } from '../../../src/client/app/appActions';
import { keepAlive, MAX_QUICK_CRASHES, rootSaga } from '../../../src/client/app/rootSaga';

describe('rootSaga', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('starts no domain saga before app/started', async () => {
    const started = jest.fn();
    function* domain(): Generator {
      yield put({ type: 'domain/started' });
      started();
    }
    await expectSaga(rootSaga, [domain]).silentRun(10);
    expect(started).not.toHaveBeenCalled();
  });

  it('starts every domain saga after app/started', async () => {
    function* first(): Generator {
      yield put({ type: 'first/started' });
    }
    function* second(): Generator {
      yield put({ type: 'second/started' });
    }
    await expectSaga(rootSaga, [first, second]).put({ type: 'first/started' }).put({ type: 'second/started' }).dispatch(appStarted()).silentRun(10);
  });

  it('restarts a crashed saga and keeps the others running', async () => {
    let runs = 0;
    function* flaky(): Generator {
      runs += 1;
      yield take('flaky/poke');
      throw new Error('boom');
    }
    function* steady(): Generator {
      for (;;) {
        yield take('steady/poke');
        yield put({ type: 'steady/answered' });
      }
    }
    await expectSaga(rootSaga, [flaky, steady])
      .dispatch(appStarted())
      .dispatch({ type: 'flaky/poke' })
      .dispatch({ type: 'steady/poke' })
      .put({ type: 'steady/answered' })
      .silentRun(10);
    expect(runs).toBe(2);
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('gives up on a saga that crashes at once every time', async () => {
    let runs = 0;
    function* broken(): Generator {
      runs += 1;
      yield put({ type: 'broken/started' });
      throw new Error('broken at start');
    }
    await expectSaga(keepAlive, broken).silentRun(10);
    expect(runs).toBe(MAX_QUICK_CRASHES);
  });

  it('does not restart a saga that returned normally', async () => {
    let runs = 0;
    function* once(): Generator {
      runs += 1;
      yield put({ type: 'once/done' });
    }
    await expectSaga(keepAlive, once).silentRun(10);
    expect(runs).toBe(1);
  });
});
