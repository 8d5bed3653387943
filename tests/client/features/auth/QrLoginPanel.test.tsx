import { act, screen } from '@testing-library/react';
import { Messages } from '../../../../src/contract/messages';
import { QrLoginPanel } from '../../../../src/client/features/auth/components/QrLoginPanel';
import {
  qrLoginExpired,
  qrLoginPollSucceeded,
  qrLoginQrcodeReceived,
  qrLoginStarted,
} from '../../../../src/client/features/auth/qrLoginSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { fastUser } from './fastTesting';

const image = 'data:image/png;base64,QR';

/** Renders the pane, then puts the QR state as the saga would have left it. */
function renderPane(status: 'waiting' | 'scanned' | 'expired', secondsLeft: number) {
  const rendered = renderWithProviders(<QrLoginPanel place="loginPage" redirect="/createWeb" />);
  act(() => {
    rendered.store.dispatch(qrLoginQrcodeReceived({ ticket: 't1', image, secondsLeft }));
    if (status === 'scanned') rendered.store.dispatch(qrLoginPollSucceeded('scanned'));
    if (status === 'expired') rendered.store.dispatch(qrLoginExpired());
  });
  return rendered;
}


describe('QrLoginPanel', () => {
  it('shows the code and the seconds left', async () => {
    renderPane('waiting', 87);
    expect(await screen.findByAltText('登录二维码')).toHaveAttribute('src', image);
    expect(screen.getByText(/87 秒后过期/)).toBeInTheDocument();
  });

  it('says the code was scanned', async () => {
    renderPane('scanned', 60);
    expect(await screen.findByText(Messages.qrScannedConfirmOnPhone)).toBeInTheDocument();
  });

  it('covers an expired code with a mask that refreshes on click', async () => {
    const { store } = renderPane('expired', 0);
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(await screen.findByRole('button', { name: new RegExp(Messages.qrExpiredClickToRefresh), hidden: true }));
    expect(dispatch).toHaveBeenCalledWith(qrLoginStarted({ host: window.location.host, place: 'loginPage', redirect: '/createWeb' }));
  });
});
