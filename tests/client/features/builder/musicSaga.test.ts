import { expectSaga } from 'redux-saga-test-plan';
import * as builderApi from '../../../../src/client/api/builderApi';
import { chooseMusic } from '../../../../src/client/features/builder/musicSaga';
import { musicChosen } from '../../../../src/client/features/builder/builderSlice';
import { initialMiniSiteState } from '../../../../src/client/features/miniSite/miniSiteSlice';
import { rootReducer } from '../../sagaHarness';
import { openState, site, answer, servicesOnly } from './builderHarness';

describe('builder: music', () => {
  it('music is set with the track\'s id and name (0 and \'\' for none)', async () => {
    const { providers } = servicesOnly();
    const state = { ...openState(), miniSite: { ...initialMiniSiteState, music: { status: 'succeeded' as const, items: [{ id: 3, name: '山河', url: '/m.mp3', shortUrl: '/m.mp3', value: 'music-3' }] } } };
    await expectSaga(chooseMusic, musicChosen({ type: 'main', key: 'bgm', value: 'music-3' }))
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.setWebMusic, site({}, 2))])
      .call(builderApi.setWebMusic, { id: 42, musicId: 3, name: '山河' })
      .run();
    await expectSaga(chooseMusic, musicChosen({ type: 'main', key: 'bgm', value: '' }))
      .withReducer(rootReducer, state)
      .provide([providers, answer(builderApi.setWebMusic, site({}, 2))])
      .call(builderApi.setWebMusic, { id: 42, musicId: 0, name: '' })
      .run();
  });
});
