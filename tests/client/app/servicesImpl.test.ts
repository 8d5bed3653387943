import { createMemoryRouter } from 'react-router-dom';
import { BASENAME } from '../../../src/client/app/basename';
import { navigationTargetOf } from '../../../src/client/app/router';
import { createAppServices, type NavigationTarget } from '../../../src/client/app/servicesImpl';

function fakeRouter(pathname = '/logo/config', search = '?module=tl'): NavigationTarget & { navigate: jest.Mock } {
  return { navigate: jest.fn(() => Promise.resolve()), state: { location: { pathname, search } } };
}

describe('app services', () => {
  it('navigates and goes back through the router', () => {
    const app = createAppServices();
    const router = fakeRouter();
    app.attachRouter(router);
    app.services.navigate('/auth/login?redirect=%2Fbackend', { replace: true });
    app.services.back();
    expect(router.navigate.mock.calls).toEqual([['/auth/login?redirect=%2Fbackend', { replace: true }], [-1]]);
  });

  it("reads the router's current location", () => {
    const app = createAppServices();
    expect(app.services.currentLocation()).toEqual({ pathname: '/', search: '' });
    app.attachRouter(fakeRouter());
    expect(app.services.currentLocation()).toEqual({ pathname: '/logo/config', search: '?module=tl' });
  });

  it('hands a keyed notice its key, waiting or not: the bridge shows it in the place of the one before with that key', () => {
    const app = createAppServices();
    app.services.notify.success('验证码已发送', 'account');
    const messages = { success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() };
    app.attachNotify(messages);
    expect(messages.success).toHaveBeenCalledWith('验证码已发送', 'account');
    app.services.notify.success('注册成功，已为你登录', 'account');
    expect(messages.success).toHaveBeenLastCalledWith('注册成功，已为你登录', 'account');
    app.services.notify.success('成功了');
    expect(messages.success).toHaveBeenLastCalledWith('成功了');
  });

  it('keeps notices until the message bridge attaches, and asks for it', () => {
    const app = createAppServices();
    const waiting = jest.fn();
    const stop = app.onNoticeWaiting(waiting);
    app.services.notify.error('失败了');
    app.services.notify.success('成功了');
    expect(waiting).toHaveBeenCalledTimes(2);
    expect(app.hasWaitingNotices()).toBe(true);

    const messages = { success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() };
    app.attachNotify(messages);
    expect(messages.error).toHaveBeenCalledWith('失败了');
    expect(messages.success).toHaveBeenCalledWith('成功了');
    expect(app.hasWaitingNotices()).toBe(false);

    app.services.notify.warning('注意');
    expect(messages.warning).toHaveBeenCalledWith('注意');
    stop();
    expect(waiting).toHaveBeenCalledTimes(2);
  });

  it('asks for the message bridge as soon as a notice is announced, before there is one', () => {
    const app = createAppServices();
    const waiting = jest.fn();
    app.onNoticeWaiting(waiting);
    expect(app.hasWaitingNotices()).toBe(false);
    app.services.prepareNotices?.();
    app.services.prepareNotices?.();
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(app.hasWaitingNotices()).toBe(true);
    app.attachNotify({ success: jest.fn(), info: jest.fn(), warning: jest.fn(), error: jest.fn() });
    expect(app.hasWaitingNotices()).toBe(false);
    app.services.prepareNotices?.();
    expect(waiting).toHaveBeenCalledTimes(1);
  });

  it('gives a clock', () => {
    const app = createAppServices();
    expect(Math.abs(app.services.now() - Date.now())).toBeLessThan(1_000);
  });

  it('downloads through a temporary link that names the file, and removes it', () => {
    const app = createAppServices();
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, inDocument: document.body.contains(this) });
    });
    app.services.download('/zips/LOGO_ab12.zip', 'LOGO_ab12.zip');
    expect(clicked).toEqual([{ href: '/zips/LOGO_ab12.zip', download: 'LOGO_ab12.zip', inDocument: true }]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    click.mockRestore();
  });
});

describe('navigationTargetOf', () => {
  it('gives paths without the /user basename and navigates inside it', async () => {
    const router = createMemoryRouter([{ path: '/', children: [{ path: 'videoTutorial', element: null }] }], {
      basename: BASENAME,
      initialEntries: [`${BASENAME}/videoTutorial?type=2`],
    });
    const target = navigationTargetOf(router);
    expect(target.state.location).toEqual({ pathname: '/videoTutorial', search: '?type=2' });
    await target.navigate('/');
    expect(router.state.location.pathname).toBe(BASENAME);
    await target.navigate(-1);
    expect(router.state.location.pathname).toBe(`${BASENAME}/videoTutorial`);
    router.dispose();
  });
});
