import { screen, waitFor } from '@testing-library/react';
import { Messages } from '../../../../src/contract/messages';
import { CaptchaDialog } from '../../../../src/client/features/auth/components/CaptchaDialog';
import { captchaDismissed, captchaRefreshRequested, captchaSubmitted, type CaptchaState } from '../../../../src/client/features/auth/captchaSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from './fastTesting';

const ready: CaptchaState = { status: 'ready', purpose: 'sms', captchaId: 'c1', image: 'data:image/svg+xml;base64,AAA' };

describe('CaptchaDialog', () => {
  it('requires the code and at most 6 characters', async () => {
    const { store } = renderWithProviders(<CaptchaDialog />, { preloadedState: { captcha: ready } });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(button(/^确\s*定$/));
    expect(await screen.findByText(Messages.captchaRequired)).toBeInTheDocument();
    await user.click(screen.getByPlaceholderText('请输入图形验证码'));
    await user.paste('abcdefg');
    expect(await screen.findByText(Messages.captchaTooLong)).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: captchaSubmitted.type }));
  });

  it('sends the code, refreshes on a click on the image, and closes on cancel', async () => {
    const { store } = renderWithProviders(<CaptchaDialog />, { preloadedState: { captcha: ready } });
    const user = fastUser();
    const dispatch = jest.spyOn(store, 'dispatch');
    await user.click(screen.getByPlaceholderText('请输入图形验证码'));
    await user.paste('ab12');
    await user.click(button(/^确\s*定$/));
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith(captchaSubmitted({ code: 'ab12' })));

    await user.click(screen.getByAltText('图形验证码'));
    expect(dispatch).toHaveBeenCalledWith(captchaRefreshRequested());

    await user.click(button(/^取\s*消$/));
    expect(dispatch).toHaveBeenCalledWith(captchaDismissed());
  });

  it('offers 看不清？换一张 beside the picture', async () => {
    const { store } = renderWithProviders(<CaptchaDialog />, { preloadedState: { captcha: ready } });
    const dispatch = jest.spyOn(store, 'dispatch');
    await fastUser().click(button('看不清？换一张'));
    expect(dispatch).toHaveBeenCalledWith(captchaRefreshRequested());
  });
});
