import { createMemoryRouter } from 'react-router-dom';
import * as authApi from '../../../../src/client/api/authApi';
import { appStarted } from '../../../../src/client/app/appActions';
import { BASENAME } from '../../../../src/client/app/basename';
import { buildRoutes } from '../../../../src/client/app/routes';
import { makeStore } from '../../../../src/client/app/store';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice';
import type { UserInfo } from '../../../../src/contract/auth';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

export const operator: UserInfo = { id: 1, name: '运营小王', mobile: '13900139000', openid: '', operator: true };

/**
 * The app's own routes with a real store: the console's pages load, inject their state and start
 * their sagas as in the browser. The test file mocks authApi (and every api its pages call).
 */
export function openConsole(path: string, userInfo: UserInfo = operator) {
  // The start reads the user behind the stored token: the server's word on the role.
  jest.mocked(authApi.getUserInfo).mockResolvedValue(userInfo);
  const services = makeFakeServices();
  const store = makeStore({ auth: { ...initialAuthState, token: 't', userInfo } }, { services });
  store.dispatch(appStarted());
  const router = createMemoryRouter(
    buildRoutes({ getToken: () => 't', ready: Promise.resolve(), productionHost: () => '', leaveTo: jest.fn(), basename: BASENAME, startFeature: store.startFeature }),
    { basename: BASENAME, initialEntries: [`${BASENAME}${path}`] },
  );
  return { ...renderWithProviders(null, { store, services, router }), router, services, store };
}
