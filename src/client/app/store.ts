import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import createSagaMiddleware from 'redux-saga';
import { imageUploadRequested as builderImageUploadRequested } from '../features/builder/builderSlice';
import { imageUploadRequested } from '../features/miniSite/miniSiteSlice';
import { devToolsOptions } from './devtools';
import { readMeta } from './pageMeta';
import { persistConfig } from './persist';
import { rootReducer, type RootState } from './rootReducer';
import type { StartFeature } from './lazyFeatures';
import { keepAlive, rootSaga } from './rootSaga';
import { SERVICES, type Services } from './services';
import { appServices } from './servicesImpl';

export interface MakeStoreOptions {
  /** The services given to sagas; tests pass fakes. */
  services?: Services;
}

const persistedReducer = persistReducer(persistConfig, rootReducer);

/** The console's 站点设置 picks a picture or a video (settingsSlice's fileUploadRequested): named, not imported, as the console loads with its route. */
const CONSOLE_PICTURE_PICKED = 'adminSettings/fileUploadRequested';

/** The one store factory, for the app and the tests (STYLE.md habit 8). */
export function makeStore(preloadedState?: Partial<RootState>, { services = appServices }: MakeStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({ context: { [SERVICES]: services } });
  const store = configureStore({
    reducer: persistedReducer,
    // Slices missing here get their initial state from their reducer, as combineReducers does.
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: false,
        // redux-persist's own actions carry functions (register, rehydrate callbacks); an upload
        // request (mini site or builder) carries the picked File to its saga (no reducer keeps it).
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER, imageUploadRequested.type, builderImageUploadRequested.type, CONSOLE_PICTURE_PICKED] },
      }).concat(sagaMiddleware),
    devTools: devToolsOptions(process.env.NODE_ENV !== 'production', typeof document === 'undefined' ? '' : readMeta('redux-devtools')),
  });
  sagaMiddleware.run(rootSaga);
  const started = new Set<string>();
  const startFeature: StartFeature = (feature) => {
    if (started.has(feature.name)) return;
    started.add(feature.name);
    sagaMiddleware.run(keepAlive, feature.saga);
  };
  return Object.assign(store, { startFeature });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
