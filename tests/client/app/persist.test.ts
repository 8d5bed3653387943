import { createMigrate, persistStore, type PersistedState } from 'redux-persist';
import { appStarted } from '../../../src/client/app/appActions';
import { migrations, PERSIST_KEY, PERSIST_VERSION, type PersistedStateV0, type PersistedStateV1, type PersistedStateV2, type PersistedStateV3 } from '../../../src/client/app/persist';
import { makeStore } from '../../../src/client/app/store';
import { initialAuthState, loggedIn, sessionEnded } from '../../../src/client/features/auth/authSlice';
import { configEdited, DEFAULT_FLOW_CONFIG, initialSelectionsState, logoTemplateChosen, siteTemplateChosen, siteTemplateConfigEdited } from '../../../src/client/features/selections/selectionsSlice';
import { emptySiteConfig } from '../../../src/client/features/siteConfig/siteConfigSlice';
import type { LogoTemplate } from '../../../src/contract/generation';
import type { UserInfo } from '../../../src/contract/auth';
import type { SiteTemplate } from '../../../src/contract/miniSite';
import { makeFakeServices } from '../fakeServices';

const user: UserInfo = { id: 1, name: '小明', mobile: '13800138000', openid: '' };
const siteConfig = { ...emptySiteConfig, copyright: '© 2024 示例' };
const storageKey = `persist:${PERSIST_KEY}`;
const site: SiteTemplate = { id: 9, name: '仙侠', category_id: 2, thumbnail: '/t.jpg', preview_image: '/p.jpg', preview_image_phone: '/pp.jpg', banner_id: 5 };
const logo: LogoTemplate = { id: 3, name: '烈焰', thumbnail: '/static/logo/3/thumb.png', preview_image1: '/static/logo/3/p1.png', preview_image: '/static/logo/3/p.png' };

/** What redux-persist wrote: each slice is a JSON string inside the JSON object. */
function stored(): Record<string, unknown> {
  const raw = window.localStorage.getItem(storageKey);
  if (!raw) return {};
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
}

function startPersisting(store: ReturnType<typeof makeStore>) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

describe('persisted state: migrations', () => {
  it('has a migration for every version up to the current one', () => {
    expect(PERSIST_VERSION).toBe(3);
    for (let version = 1; version <= PERSIST_VERSION; version += 1) expect(migrations).toHaveProperty(String(version));
  });

  it('migration 1 turns the version-0 shape into the current one', () => {
    const v0: PersistedStateV0 = {
      auth: { token: 'old-token', userInfo: user, username: '13800138000' },
      siteConfig,
      _persist: { version: 0, rehydrated: false },
    };
    const v1 = migrations[1](v0 as PersistedState) as PersistedStateV1;
    expect(v1.auth).toEqual({ remember: true, savedUsername: '13800138000', token: 'old-token', userInfo: user });
    expect(v1.siteConfig).toEqual({ config: siteConfig });
  });

  it('migration 1 copes with an empty version-0 state', () => {
    const v1 = migrations[1]({ _persist: { version: 0, rehydrated: false } }) as PersistedStateV1;
    expect(v1.auth).toEqual({ remember: false, savedUsername: '', token: null, userInfo: null });
    expect(v1.siteConfig).toEqual({ config: null });
  });

  it('migration 2 adds empty selections and keeps the rest', () => {
    const v1: PersistedStateV1 = {
      auth: { remember: true, savedUsername: '13800138000', token: 'tok', userInfo: user },
      siteConfig: { config: siteConfig },
      _persist: { version: 1, rehydrated: false },
    };
    const v2 = migrations[2](v1 as PersistedState) as PersistedStateV2;
    expect(v2.selections).toEqual({ logoTemplates: {}, bannerTemplate: null, configs: {} });
    expect(v2.auth).toEqual(v1.auth);
    expect(v2.siteConfig).toEqual(v1.siteConfig);
    expect(v2._persist).toEqual(v1._persist);
  });

  it('migration 3 adds an empty mini-site choice and keeps the logo and banner flows', () => {
    const v2: PersistedStateV2 = {
      auth: { remember: false, savedUsername: '' },
      selections: { logoTemplates: { alone: logo }, bannerTemplate: null, configs: { alone: { ...DEFAULT_FLOW_CONFIG, logotext: '星辰' } } },
      _persist: { version: 2, rehydrated: false },
    };
    const v3 = migrations[3](v2 as PersistedState) as PersistedStateV3;
    expect(v3.selections).toEqual({ ...v2.selections, siteTemplate: null, siteTemplateConfig: {}, miniSiteBanner: null, identity: {} });
    expect(v3.auth).toEqual(v2.auth);
    // A version-2 state that never chose anything.
    const bare = migrations[3]({ _persist: { version: 2, rehydrated: false } }) as PersistedStateV3;
    expect(bare.selections).toEqual(initialSelectionsState);
  });

  it('runs through createMigrate from version 0 and leaves a current state alone', async () => {
    const migrate = createMigrate(migrations, { debug: false });
    const fromV0 = (await migrate({ auth: { token: 't' }, _persist: { version: 0, rehydrated: false } } as PersistedState, PERSIST_VERSION)) as PersistedStateV3;
    expect(fromV0.auth?.token).toBe('t');
    expect(fromV0.selections).toEqual(initialSelectionsState);
    const fromV1 = (await migrate({ auth: { remember: false, savedUsername: 'y' }, _persist: { version: 1, rehydrated: false } } as PersistedState, PERSIST_VERSION)) as PersistedStateV3;
    expect(fromV1.selections).toEqual(initialSelectionsState);
    expect(fromV1.auth).toEqual({ remember: false, savedUsername: 'y' });
    const current: PersistedStateV3 = { auth: { remember: false, savedUsername: 'x' }, selections: initialSelectionsState, _persist: { version: 3, rehydrated: false } };
    expect(await migrate(current as PersistedState, PERSIST_VERSION)).toBe(current);
  });

  it('rehydrates a stored version-1 state with empty selections', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({ auth: JSON.stringify({ remember: false, savedUsername: '13900139000' }), siteConfig: JSON.stringify({ config: null }), _persist: JSON.stringify({ version: 1, rehydrated: false }) }),
    );
    const store = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(store);
    expect(store.getState().selections).toEqual(initialSelectionsState);
    expect(store.getState().auth.savedUsername).toBe('13900139000');
  });

  it('rehydrates a stored version-2 state with the logo flow kept and no site template', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({
        auth: JSON.stringify({ remember: false, savedUsername: '' }),
        selections: JSON.stringify({ logoTemplates: { miniSite: logo }, bannerTemplate: null, configs: {} }),
        _persist: JSON.stringify({ version: 2, rehydrated: false }),
      }),
    );
    const store = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(store);
    expect(store.getState().selections).toEqual({ ...initialSelectionsState, logoTemplates: { miniSite: logo } });
  });

  it('rehydrates a stored version-0 state into the store', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({ auth: JSON.stringify({ token: 'old-token', userInfo: user, username: '13800138000' }), siteConfig: JSON.stringify(siteConfig), _persist: JSON.stringify({ version: 0, rehydrated: false }) }),
    );
    const store = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(store);
    expect(store.getState().auth).toMatchObject({ token: 'old-token', userInfo: user, remember: true, savedUsername: '13800138000', status: 'idle' });
    expect(store.getState().siteConfig.config).toEqual(siteConfig);
  });
});

describe('persisted state: what is kept', () => {
  it('keeps the token and user info of a remembered login, and the site config', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(loggedIn({ token: 'tok', userInfo: user, remember: true, username: '13800138000' }));
    await persistor.flush();
    expect(stored().auth).toEqual({ remember: true, savedUsername: '13800138000', token: 'tok', userInfo: user });
  });

  it('keeps neither token nor user info without "remember me", but always the saved username', async () => {
    const store = makeStore({ auth: { ...initialAuthState, savedUsername: '13900139000' } }, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(loggedIn({ token: 'tok', userInfo: user, remember: false }));
    await persistor.flush();
    expect(stored().auth).toEqual({ remember: false, savedUsername: '13900139000' });
  });

  it('forgets the token once the session ends', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(loggedIn({ token: 'tok', userInfo: user, remember: true }));
    store.dispatch(sessionEnded());
    await persistor.flush();
    expect(stored().auth).toMatchObject({ token: null, userInfo: null });
  });

  it('stores only the whitelisted slices', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(appStarted());
    await persistor.flush();
    expect(Object.keys(stored()).sort()).toEqual(['_persist', 'auth', 'selections', 'siteConfig']);
  });

  it('keeps the chosen templates and the forms as typed, across a reload', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(logoTemplateChosen({ flow: 'alone', template: logo }));
    store.dispatch(configEdited({ slot: 'alone', changes: { logotext: '星辰' } }));
    await persistor.flush();
    expect(stored().selections).toMatchObject({ logoTemplates: { alone: logo }, configs: { alone: { logotext: '星辰' } } });

    const reloaded = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(reloaded);
    expect(reloaded.getState().selections.logoTemplates.alone).toEqual(logo);
    expect(reloaded.getState().selections.configs.alone?.logotext).toBe('星辰');
  });

  it('keeps the site template and what was typed into its form, across a reload', async () => {
    const store = makeStore(undefined, { services: makeFakeServices() });
    const persistor = await startPersisting(store);
    store.dispatch(siteTemplateChosen({ template: site }));
    store.dispatch(siteTemplateConfigEdited({ changes: { title: '龙腾官网' } }));
    await persistor.flush();
    expect(stored().selections).toMatchObject({ siteTemplate: site, siteTemplateConfig: { title: '龙腾官网' } });

    const reloaded = makeStore(undefined, { services: makeFakeServices() });
    await startPersisting(reloaded);
    expect(reloaded.getState().selections.siteTemplate).toEqual(site);
    expect(reloaded.getState().selections.siteTemplateConfig).toEqual({ title: '龙腾官网' });
  });
});
