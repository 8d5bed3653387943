/**
 * A player whose account an operator stopped, as they meet it: the page they had open finds its
 * session dead (the start's check of the user and the page's own call both fail), they are sent to
 * the login page, and their login is refused with the reason. One message is on screen at the end,
 * the reason, instead of the three the three failures each left; a wrong password still says so.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { configureHttp, http } from '../../../../src/client/api/http';
import * as siteListApi from '../../../../src/client/api/siteListApi';
import { appStarted } from '../../../../src/client/app/appActions';
import NotifyBridge from '../../../../src/client/app/NotifyBridge';
import { appServices } from '../../../../src/client/app/servicesImpl';
import { makeStore } from '../../../../src/client/app/store';
import { initialAuthState, sessionEnded } from '../../../../src/client/features/auth/authSlice';
import { authFormsFeature } from '../../../../src/client/features/auth/feature';
import LoginPage from '../../../../src/client/features/auth/pages/LoginPage';
import { AnswerCode } from '../../../../src/contract/envelope';
import { Messages, accountDisabledMessage } from '../../../../src/contract/messages';
import { button, fastUser } from '../../fastTesting';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

const REFUSAL = accountDisabledMessage('发布违规内容');

/** The server as the stopped player meets it: every call with the old token is 401; a login answers `login`. */
function server(login: { code: number; msg: string }): AxiosAdapter {
  return (config) => {
    const respond = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config, request: {} };
      return status === 200 ? Promise.resolve(response) : Promise.reject(new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response));
    };
    if (config.url === '/api/auth/login') return respond(200, { ...login, data: null });
    return respond(401, { code: 401, msg: '', data: null });
  };
}

/** The texts of the messages on screen (antd's message notices). */
function messagesOnScreen(): string[] {
  return [...document.querySelectorAll('.ant-message-notice')].map((notice) => notice.textContent ?? '');
}

async function stoppedPlayerLogsIn(login: { code: number; msg: string }): Promise<void> {
  const services = { ...makeFakeServices({ pathname: '/backend/siteList', search: '' }), notify: appServices.notify };
  const store = makeStore({ auth: { ...initialAuthState, token: 'token-of-a-stopped-account' } }, { services: services as unknown as ReturnType<typeof makeFakeServices> });
  configureHttp({
    getToken: () => store.getState().auth.token,
    notify: appServices.notify,
    navigate: services.navigate,
    back: services.back,
    currentLocation: services.currentLocation,
    onSessionEnded: () => store.dispatch(sessionEnded()),
  });
  http.defaults.adapter = server(login);
  renderWithProviders(
    <>
      <NotifyBridge />
      <LoginPage />
    </>,
    { store, route: '/auth/login?handleType=account' },
  );
  // The open page's start: the user behind the token is read, and the page asks for its list.
  await act(async () => {
    store.dispatch(appStarted());
    // As the login page's route does when it loads.
    store.startFeature(authFormsFeature);
    await siteListApi.getSiteList({ page: 1, page_size: 10 }).catch(() => undefined);
  });
  await waitFor(() => expect(messagesOnScreen()).not.toEqual([]));

  const user = fastUser();
  await user.click(screen.getByPlaceholderText('请输入手机号'));
  await user.paste('13800138082');
  await user.click(screen.getByPlaceholderText('请输入密码'));
  await user.paste('Shanhai#2026');
  await user.click(button(/^登\s*录$/));
  await waitFor(() => expect(messagesOnScreen()).toContain(login.msg));
}

afterEach(() => {
  http.defaults.adapter = undefined;
});

it('shows the reason alone once the stopped account tries to log in', async () => {
  await stoppedPlayerLogsIn({ code: AnswerCode.invalid, msg: REFUSAL });
  expect(messagesOnScreen()).toEqual([REFUSAL]);
});

it('a wrong password says so, alone too', async () => {
  await stoppedPlayerLogsIn({ code: AnswerCode.invalid, msg: Messages.loginFailed });
  expect(messagesOnScreen()).toEqual([Messages.loginFailed]);
});
