import type { Action } from 'redux';
import { expectSaga, type ExpectApi } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import * as builderApi from '../../../../src/client/api/builderApi';
import { followLogo, saveQueue } from '../../../../src/client/features/builder/saveSaga';
import { fieldEdited, saveRequested, siteLogoRequested, siteReplaced } from '../../../../src/client/features/builder/builderSlice';
import { runOnFakeClock } from '../../fakeClock';
import { rootReducer } from '../../sagaHarness';
import { selectBuilderSite } from '../../../../src/client/features/builder/builderSelectors';
import { openState, site, template, answer, failing, networkError, servicesOnly } from './builderHarness';

/** The save queue run until nothing is left to do, on jest's fake clock. */
async function finished(saga: ExpectApi) {
  jest.useFakeTimers();
  try {
    return await runOnFakeClock(saga).finish();
  } finally {
    jest.useRealTimers();
  }
}

describe('builder: the site\'s own logo', () => {
  it('is asked for between saves after an edit of the name or the LOGO文字, and replaces the site', async () => {
    const { providers } = servicesOnly();
    const named = site({ formData: { ...site().formData, logo: { logotext: '星河' } } }, 2);
    const withLogo = site({ formData: { ...named.formData, head: { ...named.formData.head, headLogo: '/generated/0123456789abcdef0123456789abcdef/logo.png' } } }, 3);
    const edited = rootReducer(openState(), fieldEdited({ type: 'logo', key: 'logotext', value: '星河' }) as Action);
    const { storeState } = await finished(
      expectSaga(saveQueue)
        .withReducer(rootReducer, edited)
        .provide([providers, answer(builderApi.saveConfig, named), answer(builderApi.siteLogo, withLogo)])
        .dispatch(saveRequested({ origin: 'auto' }))
        .call.fn(builderApi.saveConfig)
        .put(siteLogoRequested())
        .call(builderApi.siteLogo, { id: 42 })
        .put(siteReplaced(withLogo))
    );
    expect(storeState.builder.site?.formData.head.headLogo).toBe('/generated/0123456789abcdef0123456789abcdef/logo.png');
  });

  it('leaves the page as it is when a template was switched or undone while the logo was drawn', async () => {
    const { providers } = servicesOnly();
    const drawnBeforeTheSwitch = site({ formData: { ...site().formData, head: { ...site().formData.head, headLogo: '/generated/0123456789abcdef0123456789abcdef/logo.png' } } }, 3);
    const switched = site({ selectedComponents: { ...site().selectedComponents, head: template('head', 2) } }, 2);
    // The page as it was when the logo was asked for, then as it is when the answer comes.
    const shown = [site(), switched];
    await expectSaga(followLogo)
      .provide([providers, [matchers.select(selectBuilderSite), dynamic(() => shown.shift())], answer(builderApi.siteLogo, drawnBeforeTheSwitch)])
      .call(builderApi.siteLogo, { id: 42 })
      .not.put.actionType(siteReplaced.type)
      .run();
    // Nothing switched meanwhile: the answer is the page.
    await expectSaga(followLogo)
      .withReducer(rootReducer, openState())
      .provide([providers, answer(builderApi.siteLogo, drawnBeforeTheSwitch)])
      .put(siteReplaced(drawnBeforeTheSwitch))
      .run();
  });

  it('is not asked for after other edits, and a failure keeps the logo quietly', async () => {
    const { services, providers } = servicesOnly();
    const edited = rootReducer(openState(), fieldEdited({ type: 'head', key: 'nav1', value: '新闻' }) as Action);
    await finished(
      expectSaga(saveQueue)
        .withReducer(rootReducer, edited)
        .provide([providers, answer(builderApi.saveConfig, site({}, 2))])
        .dispatch(saveRequested({ origin: 'auto' }))
        .not.call.fn(builderApi.siteLogo)
    );
    await finished(
      expectSaga(saveQueue)
        .withReducer(rootReducer, openState())
        .provide([providers, failing(builderApi.siteLogo, networkError)])
        .dispatch(siteLogoRequested())
        .call(builderApi.siteLogo, { id: 42 })
        .not.put.actionType(siteReplaced.type)
    );
    expect(services.notify.error).not.toHaveBeenCalled();
  });
});
