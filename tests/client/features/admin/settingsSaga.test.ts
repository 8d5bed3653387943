import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import * as adminSettingsApi from '../../../../src/client/api/adminSettingsApi';
import { settingsSaga } from '../../../../src/client/features/admin/settings/settingsSaga';
import {
  initialSettingsState,
  fileUploadRequested,
  saveRequested,
  settingEdited,
  settingsLoaded,
  settingsOpened,
  settingsSlice,
  type SettingsState,
} from '../../../../src/client/features/admin/settings/settingsSlice';
import { SettingsLimits, SettingsMessages, type ConsoleSettings, type SettingsValues } from '../../../../src/contract/siteSettings';
import { runOnFakeClock } from '../../fakeClock';
import { answerLater, apiError, fakeWorld } from '../../sagaHarness';

const reducer = combineReducers({ [settingsSlice.reducerPath]: settingsSlice.reducer });
type State = { adminSettings: SettingsState };

const values: SettingsValues = {
  logoUrl: '/static/brand/logo.svg',
  copyright: '© 2026 网页生成系统 版权所有',
  qq1: '',
  qq1_link: '',
  qq1_url: '/static/brand/qq1-qrcode.png',
  qq3: '',
  qq3_link: '',
  qq4: '',
  qq4_link: '',
  ad1_url: '/static/brand/ad1.svg',
  ad1_link: '/user/logo/selectPage?module=tl',
  ad2_url: '/static/brand/ad2.svg',
  ad2_link: '/user/banner/selectPage?module=fsa',
  tutorial1: '',
  tutorial2: '',
  tutorial3: '',
  tutorial4: '',
};
const settings = (changes: Partial<SettingsValues> = {}): ConsoleSettings => ({ values: { ...values, ...changes }, defaults: values, atDefault: [] });
const loaded = (): State => ({ adminSettings: settingsSlice.reducer(initialSettingsState, settingsLoaded(settings())) });

function picture(name: string, type = 'image/png', size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('站点设置: loading and saving', () => {
  it('loads the settings when the page opens, as the form\'s draft', async () => {
    const { providers } = fakeWorld();
    const { storeState } = await expectSaga(settingsSaga)
      .withReducer(reducer)
      .provide([providers, [matchers.call.fn(adminSettingsApi.getSettings), settings({ qq3: '555' })]])
      .dispatch(settingsOpened())
      .silentRun(0);
    const state = (storeState as State).adminSettings;
    expect(state.status).toBe('succeeded');
    expect(state.draft?.qq3).toBe('555');
  });

  it('sends only the changed settings, says they are saved, and keeps an edit made while saving', async () => {
    jest.useFakeTimers();
    try {
      const { services, providers } = fakeWorld();
      const server = answerLater(settings({ copyright: '© 我们', qq3: '555666' }));
      const sent: unknown[] = [];
      const run = runOnFakeClock(
        expectSaga(settingsSaga)
          .withReducer(reducer, loaded())
          .provide([
            providers,
            [
              matchers.call.fn(adminSettingsApi.saveSettings),
              dynamic(({ args }) => {
                sent.push(args[0]);
                return server.provider();
              }),
            ],
          ]),
      );
      run.dispatch(settingEdited({ key: 'copyright', value: '© 我们' }));
      run.dispatch(settingEdited({ key: 'qq3', value: '555666' }));
      run.dispatch(saveRequested());
      await run.advance(10);
      // A second press while the first save is out sends nothing more; an edit meanwhile stays an edit.
      run.dispatch(saveRequested());
      run.dispatch(settingEdited({ key: 'qq3', value: '555666777' }));
      await run.advance(100);
      server.answer();
      const { storeState } = await run.finish();
      expect(sent).toEqual([{ copyright: '© 我们', qq3: '555666' }]);
      expect(services.notify.success).toHaveBeenCalledWith(SettingsMessages.saved);
      const state = (storeState as State).adminSettings;
      expect(state.saving).toBe(false);
      expect(state.stored?.values).toMatchObject({ copyright: '© 我们', qq3: '555666' });
      expect(state.draft).toMatchObject({ copyright: '© 我们', qq3: '555666777' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends nothing when nothing changed, and keeps the edits when the server refuses them', async () => {
    const { services, providers } = fakeWorld();
    await expectSaga(settingsSaga).withReducer(reducer, loaded()).provide([providers]).not.call.fn(adminSettingsApi.saveSettings).dispatch(saveRequested()).silentRun(0);
    expect(services.notify.info).toHaveBeenCalledWith(SettingsMessages.unchanged);

    const refused = await expectSaga(settingsSaga)
      .withReducer(reducer, loaded())
      .provide([providers, [matchers.call.fn(adminSettingsApi.saveSettings), throwError(apiError(422, '广告1 链接必须是 http(s) 链接或本站路径（以 / 开头）'))]])
      .dispatch(settingEdited({ key: 'ad1_link', value: '/x' }))
      .dispatch(saveRequested())
      .silentRun(0);
    const state = (refused.storeState as State).adminSettings;
    expect(state.saving).toBe(false);
    expect(state.draft?.ad1_link).toBe('/x');
    expect(state.stored?.values.ad1_link).toBe(values.ad1_link);
  });
});

describe('站点设置: pictures', () => {
  it('reports an upload\'s progress, and its URL becomes the setting\'s value', async () => {
    jest.useFakeTimers();
    try {
      const { providers } = fakeWorld();
      const server = answerLater({ url: '/static/brand/uploads/0123456789abcdef0123456789abcdef.png', width: 10, height: 10 });
      let progress: (percent: number) => void = () => {};
      const run = runOnFakeClock(
        expectSaga(settingsSaga)
          .withReducer(reducer, loaded())
          .provide([
            providers,
            [
              matchers.call.fn(adminSettingsApi.uploadPicture),
              dynamic(({ args }) => {
                progress = args[2] as (percent: number) => void;
                return server.provider();
              }),
            ],
          ])
          .put(settingEdited({ key: 'logoUrl', value: '/static/brand/uploads/0123456789abcdef0123456789abcdef.png' })),
      );
      run.dispatch(fileUploadRequested({ key: 'logoUrl', file: picture('logo.png') }));
      await run.advance(10);
      progress(40);
      await run.advance(10);
      server.answer();
      const { storeState } = await run.finish();
      const state = (storeState as State).adminSettings;
      expect(state.uploads.logoUrl).toEqual({ status: 'succeeded', percent: 100, fileName: 'logo.png' });
      expect(state.draft?.logoUrl).toBe('/static/brand/uploads/0123456789abcdef0123456789abcdef.png');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['an SVG', picture('logo.svg', 'image/svg+xml'), SettingsMessages.uploadTypeRefused],
    ['a picture past the size limit', picture('big.png', 'image/png', SettingsLimits.uploadMaxBytes + 1), SettingsMessages.uploadTooLarge],
  ])('%s is refused before it is sent', async (_name, file, message) => {
    const { services, providers } = fakeWorld();
    await expectSaga(settingsSaga)
      .withReducer(reducer, loaded())
      .provide([providers])
      .not.call.fn(adminSettingsApi.uploadPicture)
      .dispatch(fileUploadRequested({ key: 'ad1_url', file }))
      .silentRun(0);
    expect(services.notify.warning).toHaveBeenCalledWith(message);
  });
});
