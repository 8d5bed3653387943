import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { all, fork } from 'redux-saga/effects';
import * as authApi from '../../../../src/client/api/authApi';
import { initialAuthState, loggedIn } from '../../../../src/client/features/auth/authSlice';
import { bindPhoneSaga } from '../../../../src/client/features/bindPhone/bindPhoneSaga';
import { bindPhoneCancelled, bindPhoneOpened, bindPhoneSubmitted, mergeSubmitted, phoneBound } from '../../../../src/client/features/bindPhone/bindPhoneSlice';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages } from '../../../../src/contract/messages';
import { ApiError } from '../../../../src/client/api/ApiError';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import * as miniSiteApi from '../../../../src/client/api/miniSiteApi';
import { ModerationMessages } from '../../../../src/contract/moderation';
import { publishingSaga } from '../../../../src/client/features/publishing/publishingSaga';
import { miniSitePublishStateRequested, publishRequested, published, reviewRequested, unpublishRequested } from '../../../../src/client/features/publishing/publishingSlice';
import { BuilderMessages } from '../../../../src/contract/builder';
import { apiError, fakeWorld, qrUser, rootReducer, stateWith } from '../../sagaHarness';
import { completedSite } from '../siteList/siteListHarness';

const answers = (fn: (...args: never[]) => unknown, value: unknown): StaticProvider => [matchers.call.fn(fn), value] as StaticProvider;
const builderSite = { kind: 'builder', id: 8, name: '武侠官网' } as const;
const miniSite = { kind: 'miniSite', webSiteDir: 'a'.repeat(32), name: '' } as const;
const link = { url: 'http://localhost/pub/abc/', qrcode: 'data:image/png;base64,AAAA' };

describe('发布 / 下线 from the site list', () => {
  it('发布 shows the link with the site name, says so and reloads the list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, link), answers(siteListApi.getSiteList, { list: [{ ...completedSite, published_url: link.url }], total: 1 })])
      .dispatch(publishRequested(builderSite))
      .call(siteListApi.publishSite, { id: 8 })
      .put(published({ ...link, siteName: '武侠官网', kind: 'builder' }))
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);
    expect(storeState.publishing).toEqual({ busyKey: null, shown: { ...link, siteName: '武侠官网', kind: 'builder' }, miniSiteUrls: {}, miniSiteTakedowns: {} });
    expect(storeState.siteList.items[0].published_url).toBe(link.url);
  });

  it('a refused publish (told by the http layer) shows nothing and stops spinning', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.publishSite, throwError(new ApiError({ code: 422, msg: BuilderMessages.publishNeedsCompletion })))])
      .dispatch(publishRequested(builderSite))
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.publishing).toEqual({ busyKey: null, shown: null, miniSiteUrls: {}, miniSiteTakedowns: {} });
  });

  it('下线 says so and reloads the list', async () => {
    const world = fakeWorld();
    await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.unpublishSite, null), answers(siteListApi.getSiteList, { list: [completedSite], total: 1 })])
      .dispatch(unpublishRequested(builderSite))
      .call(siteListApi.unpublishSite, { id: 8 })
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded);
  });
});

describe('发布 / 下线 from the mini-site preview', () => {
  it('asks whether the site is published when the preview opens', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(miniSiteApi.publishState, link)])
      .dispatch(miniSitePublishStateRequested({ webSiteDir: miniSite.webSiteDir }))
      .call(miniSiteApi.publishState, { webSiteDir: miniSite.webSiteDir })
      .silentRun(50);
    expect(storeState.publishing.miniSiteUrls).toEqual({ [miniSite.webSiteDir]: link.url });
  });

  it('发布 shows the link and the page learns it; 下线 forgets it; neither reloads the site list', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(miniSiteApi.publishSite, link), answers(miniSiteApi.unpublishSite, null)])
      .dispatch(publishRequested(miniSite))
      .call(miniSiteApi.publishSite, { webSiteDir: miniSite.webSiteDir })
      .put(published({ ...link, siteName: '', kind: 'miniSite' }))
      .dispatch(unpublishRequested(miniSite))
      .call(miniSiteApi.unpublishSite, { webSiteDir: miniSite.webSiteDir })
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.unpublishSucceeded);
    expect(storeState.publishing).toMatchObject({ busyKey: null, miniSiteUrls: { [miniSite.webSiteDir]: '' } });
  });
});

describe('a site an operator took down (内容审核)', () => {
  const slug = 'b'.repeat(32);
  const takedown = { slug, reason: '含有违规内容', reviewRequested: false };

  it('the mini-site preview learns why, and 申请复审 asks and shows it asked', async () => {
    const world = fakeWorld();
    let asked = false;
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([
        world.providers,
        [matchers.call.fn(miniSiteApi.publishState), dynamic(() => ({ ...link, takedown: { ...takedown, reviewRequested: asked } }))],
        [matchers.call.fn(siteListApi.requestReview), dynamic(() => ((asked = true), null))],
      ])
      .dispatch(miniSitePublishStateRequested({ webSiteDir: miniSite.webSiteDir }))
      .dispatch(reviewRequested({ target: miniSite, slug }))
      .call(siteListApi.requestReview, slug)
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(world.services.notify.success).toHaveBeenCalledWith(ModerationMessages.reviewRequested);
    expect(storeState.publishing).toMatchObject({ busyKey: null, miniSiteTakedowns: { [miniSite.webSiteDir]: { ...takedown, reviewRequested: true } } });
  });

  it('申请复审 from the site list reloads it; a refusal (told by the http layer) only stops the spinner', async () => {
    const world = fakeWorld();
    await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([world.providers, answers(siteListApi.requestReview, null), answers(siteListApi.getSiteList, { list: [completedSite], total: 1 })])
      .dispatch(reviewRequested({ target: builderSite, slug }))
      .call(siteListApi.requestReview, slug)
      .call.fn(siteListApi.getSiteList)
      .silentRun(50);
    const refused = fakeWorld();
    const { storeState } = await expectSaga(publishingSaga)
      .withReducer(rootReducer, stateWith())
      .provide([refused.providers, [matchers.call.fn(siteListApi.requestReview), throwError(apiError(AnswerCode.invalid, ModerationMessages.reviewAlreadyRequested))]])
      .dispatch(reviewRequested({ target: builderSite, slug }))
      .not.call.fn(siteListApi.getSiteList)
      .silentRun(50);
    expect(refused.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.publishing.busyKey).toBeNull();
  });
});

describe('发布 by a WeChat account without a phone', () => {
  // The two domains as the app runs them: 发布 waits on the bind dialog's saga.
  function* publishingAndBinding() {
    yield all([fork(publishingSaga), fork(bindPhoneSaga)]);
  }
  const needsPhone = apiError(AnswerCode.phoneRequired, Messages.publishNeedsPhone);
  /** Refused for want of a phone the first time, published the next. */
  const refusedThenPublished = () => {
    let calls = 0;
    return dynamic(() => {
      calls += 1;
      if (calls === 1) throw needsPhone;
      return link;
    });
  };
  const proof = { mobile: '13900139000', verifyCode: '123456' };
  const asQrUser = () => stateWith({ auth: { ...initialAuthState, token: 'jwt-qr', userInfo: qrUser, remember: true } });

  it('opens the bind dialog, and publishes the site asked for once the phone is bound', async () => {
    const world = fakeWorld();
    const bound = { ...qrUser, mobile: proof.mobile };
    const { storeState, effects } = await expectSaga(publishingAndBinding)
      .withReducer(rootReducer, asQrUser())
      .provide([
        world.providers,
        [matchers.call.fn(siteListApi.publishSite), refusedThenPublished()],
        answers(authApi.bindPhone, { status: 'bound', userInfo: bound }),
        answers(siteListApi.getSiteList, { list: [{ ...completedSite, published_url: link.url }], total: 1 }),
      ])
      .dispatch(publishRequested(builderSite))
      .put(bindPhoneOpened({ reason: 'publish' }))
      .dispatch(bindPhoneSubmitted(proof))
      .put(phoneBound())
      .put(published({ ...link, siteName: '武侠官网', kind: 'builder' }))
      .silentRun(50);
    expect(effects.call?.filter((effect) => effect.payload.fn === siteListApi.publishSite)).toHaveLength(2);
    expect(world.services.notify.success).toHaveBeenCalledWith(BuilderMessages.publishSucceeded);
    expect(storeState.publishing).toMatchObject({ busyKey: null, shown: { url: link.url } });
    expect(storeState.auth.userInfo?.mobile).toBe(proof.mobile);
  });

  it('after a merge publishes as the account kept (its new session), and the button spins until then', async () => {
    const world = fakeWorld();
    const kept = { id: 3, name: '用户9000', mobile: proof.mobile, openid: qrUser.openid };
    const phone = { name: '用户9000', wechat: false, phone: true, password: true, builderSites: 1, miniSites: 0, publishedSites: 0, works: 0, createdAt: 0 };
    const { storeState } = await expectSaga(publishingAndBinding)
      .withReducer(rootReducer, asQrUser())
      .provide([
        world.providers,
        [matchers.call.fn(miniSiteApi.publishSite), refusedThenPublished()],
        answers(authApi.bindPhone, { status: 'choose', current: { ...phone, name: '微信用户', wechat: true, phone: false, password: false }, phone }),
        answers(authApi.mergeAccounts, { token: 'jwt-kept', userInfo: kept }),
      ])
      .dispatch(publishRequested(miniSite))
      .dispatch(bindPhoneSubmitted(proof))
      .dispatch(mergeSubmitted({ keep: 'phone' }))
      .put(loggedIn({ token: 'jwt-kept', userInfo: kept, remember: true }))
      .put.like({ action: { type: 'publishing/publishResumed' } })
      .put(published({ ...link, siteName: '', kind: 'miniSite' }))
      .silentRun(50);
    expect(storeState.auth.token).toBe('jwt-kept');
    expect(storeState.publishing).toMatchObject({ busyKey: null, miniSiteUrls: { [miniSite.webSiteDir]: link.url } });
  });

  it('closing the dialog gives up the publish: nothing is published and the button stops spinning', async () => {
    const world = fakeWorld();
    const { storeState, effects } = await expectSaga(publishingAndBinding)
      .withReducer(rootReducer, asQrUser())
      .provide([world.providers, [matchers.call.fn(siteListApi.publishSite), refusedThenPublished()]])
      .dispatch(publishRequested(builderSite))
      .dispatch(bindPhoneCancelled())
      .not.put.actionType(published.type)
      .silentRun(50);
    expect(effects.call?.filter((effect) => effect.payload.fn === siteListApi.publishSite)).toHaveLength(1);
    expect(world.services.notify.success).not.toHaveBeenCalled();
    expect(storeState.publishing.busyKey).toBeNull();
    expect(storeState.bindPhone.open).toBe(false);
  });

  it('another refusal is not a reason to bind: no dialog', async () => {
    const world = fakeWorld();
    const { storeState } = await expectSaga(publishingAndBinding)
      .withReducer(rootReducer, asQrUser())
      .provide([world.providers, answers(siteListApi.publishSite, throwError(apiError(AnswerCode.invalid, BuilderMessages.publishNeedsCompletion)))])
      .dispatch(publishRequested(builderSite))
      .not.put.actionType(bindPhoneOpened.type)
      .silentRun(50);
    expect(storeState.bindPhone.open).toBe(false);
  });
});
