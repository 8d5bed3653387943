import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router-dom';
import type { RootState } from '../../src/client/app/rootReducer';
import { makeStore, type AppStore } from '../../src/client/app/store';
import { makeFakeServices, type FakeServices } from './fakeServices';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Slices to start from; the others get their initial state. */
  preloadedState?: Partial<RootState>;
  /** A store of your own (then preloadedState and services are ignored). */
  store?: AppStore;
  /** The services given to sagas; fakes by default. Sagas only run after `appStarted()` is dispatched. */
  services?: FakeServices;
  /** The URL the memory router starts at (without the /user basename). */
  route?: string;
  /** Route objects for a data router (createMemoryRouter); without them `ui` is rendered inside a <MemoryRouter>. */
  routes?: RouteObject[];
  /** A data router of your own (e.g. the app's routes from buildRoutes); `ui` and `route` are then ignored. */
  router?: DataRouter;
}

export interface RenderWithProvidersResult extends RenderResult {
  /** The store; its `dispatch` is a jest spy (expect(store.dispatch).toHaveBeenCalledWith(...)). */
  store: AppStore;
  services: FakeServices;
  user: ReturnType<typeof userEvent.setup>;
  /** The data router, when `routes` or `router` were given. */
  router: DataRouter | null;
}

/*
 * antd's CSS-in-JS rules go into this element outside the document: jsdom lays nothing out, and
 * matched against hundreds of rules, every getComputedStyle (each role query and click checks
 * several) cost milliseconds: the slowest files (site config, builder, site list) take a third
 * to a fifth of their time without them.
 */
const stylesAside = document.createElement('div');

/**
 * Renders `ui` as the app does (store, antd in Chinese, a router) for component tests:
 *
 *   renderWithProviders(<PublicHeader />, { preloadedState: { auth: { ...initialAuthState, token: 't' } } })
 *   renderWithProviders(null, { routes: [{ path: '/backend', element: <BackendLayout />, children: [...] }], route: '/backend' })
 */
export function renderWithProviders(ui: ReactElement | null, options: ProvidersOptions = {}): RenderWithProvidersResult {
  const { preloadedState, route = '/', routes, router: _router, services = makeFakeServices(), store = makeStore(preloadedState, { services }), ...renderOptions } = options;
  const router = options.router ?? (routes ? createMemoryRouter(routes, { initialEntries: [route] }) : null);
  // Spied before rendering: components keep the dispatch they got at render, so a spy made later
  // would see nothing. A later jest.spyOn(store, 'dispatch') returns this same spy.
  if (!jest.isMockFunction(store.dispatch)) jest.spyOn(store, 'dispatch');

  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <StyleProvider container={stylesAside}>
        <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
      </StyleProvider>
    </Provider>
  );
  const tree = router ? <RouterProvider router={router} /> : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  // No pause between keystrokes: typing into antd inputs is slow enough in jsdom without it.
  const user = userEvent.setup({ delay: null });
  const rendered: RenderResult = render(tree, { wrapper, ...renderOptions });
  return { ...rendered, store, services, user, router };
}
