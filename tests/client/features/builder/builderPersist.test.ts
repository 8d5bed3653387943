import { persistStore } from 'redux-persist';
import { BUILDER_PERSIST_KEY, PERSIST_KEY } from '../../../../src/client/app/persist';
import { makeStore } from '../../../../src/client/app/store';
import { sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { siteLoaded } from '../../../../src/client/features/builder/builderSlice';
import { makeFakeServices } from '../../fakeServices';
import { site } from './builderHarness';

const sessionKey = `persist:${BUILDER_PERSIST_KEY}`;

function startPersisting(store: ReturnType<typeof makeStore>) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

function storedBuilder(): Record<string, unknown> {
  const raw = window.sessionStorage.getItem(sessionKey);
  if (!raw) return {};
  return Object.fromEntries(Object.entries(JSON.parse(raw) as Record<string, string>).map(([key, value]) => [key, JSON.parse(value)]));
}

describe('builder: session storage (spec section 3)', () => {
  it('keeps only the site id and preview url, in sessionStorage, never in localStorage', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(siteLoaded(site({ id: 42 })));
    await persistor.flush();
    expect(storedBuilder()).toMatchObject({ siteId: 42, previewUrl: '/sites/abc/index.html?v=1' });
    expect(Object.keys(storedBuilder()).sort()).toEqual(['_persist', 'previewUrl', 'siteId']);
    expect(window.localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '').not.toContain('builder');
  });

  it('a reload in the same tab gets the site id back; the site itself is fetched again', async () => {
    window.sessionStorage.setItem(sessionKey, JSON.stringify({ siteId: '42', previewUrl: '"/sites/abc/index.html?v=3"', _persist: '{"version":1,"rehydrated":true}' }));
    const store = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(store);
    expect(store.getState().builder).toMatchObject({ siteId: 42, previewUrl: '/sites/abc/index.html?v=3', site: null });
  });

  it('the end of the session forgets the site', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(siteLoaded(site({ id: 42 })));
    store.dispatch(sessionEnded());
    await persistor.flush();
    expect(store.getState().builder.siteId).toBeNull();
    expect(storedBuilder()).toMatchObject({ siteId: null, previewUrl: '' });
  });
});
