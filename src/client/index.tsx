import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { configureHttp } from './api/http';
import { appStarted } from './app/appActions';
import App from './app/App';
import { createAppRouter, navigationTargetOf } from './app/router';
import { connectRouterEvents } from './app/routerEvents';
import { appServices, attachRouter } from './app/servicesImpl';
import { makeStore } from './app/store';
import { sessionEnded } from './features/auth/authSlice';
import './app/global.css';

const store = makeStore();
const getToken = () => store.getState().auth.token;

configureHttp({
  getToken,
  notify: appServices.notify,
  navigate: appServices.navigate,
  back: appServices.back,
  currentLocation: appServices.currentLocation,
  onSessionEnded: () => store.dispatch(sessionEnded()),
});

// API sagas and route guards wait for the stored state: app/started is dispatched once it is back.
let rehydrated: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  rehydrated = resolve;
});
const persistor = persistStore(store, null, () => {
  store.dispatch(appStarted());
  rehydrated();
});

const router = createAppRouter({ getToken, ready, startFeature: store.startFeature });
attachRouter(navigationTargetOf(router));
connectRouterEvents(router, store.dispatch);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>,
);
