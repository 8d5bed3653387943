import { act, screen, waitFor } from '@testing-library/react';
import * as authApi from '../../../src/client/api/authApi';
import RootShell from '../../../src/client/app/RootShell';
import { makeStore } from '../../../src/client/app/store';
import { loginDialogOpened } from '../../../src/client/features/auth/loginDialogSlice';
import { makeFakeServices } from '../fakeServices';
import { renderWithProviders } from '../renderWithProviders';

// The sagas run: no call may leave for the network.
jest.mock('../../../src/client/api/authApi');

describe('the app root', () => {
  // ScrollRestoration scrolls on mount; jsdom has no layout to scroll.
  beforeEach(() => {
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  });

  it("brings the login forms' sagas with the login dialog, not before: its QR pane gets a code as it opens", async () => {
    jest.mocked(authApi.getWechatQrcode).mockResolvedValue({ qrcode: 'data:image/png;base64,AA==', ticket: 'ticket-1', expiresIn: 120 });
    jest.mocked(authApi.getWxLoginInfo).mockResolvedValue({ status: 'waiting' });
    const services = makeFakeServices();
    // The app's own sagas wait for app/started, which never comes here: only the dialog's run.
    const store = makeStore(undefined, { services });
    const startFeature = jest.spyOn(store, 'startFeature');
    renderWithProviders(null, { store, services, routes: [{ path: '/', element: <RootShell />, children: [{ index: true, element: <p>页面</p> }] }] });
    expect(screen.getByText('页面')).toBeInTheDocument();
    expect(startFeature).not.toHaveBeenCalled();

    act(() => {
      store.dispatch(loginDialogOpened());
    });
    // The dialog's code loads on first open: the forms weigh a few hundred KiB of modules, slow on a busy machine.
    expect(await screen.findByRole('dialog', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(startFeature).toHaveBeenCalledWith(expect.objectContaining({ name: 'authForms' }));
    await waitFor(() => expect(authApi.getWechatQrcode).toHaveBeenCalled());
    expect(await screen.findByAltText('登录二维码')).toBeInTheDocument();
  });
});
