import { act, screen, waitFor } from '@testing-library/react';
import { Messages } from '../../../../src/contract/messages';
import { CaptchaDialog } from '../../../../src/client/features/auth/components/CaptchaDialog';
import { captchaDismissed, captchaRefreshRequested, captchaRequested, captchaSubmitted, type CaptchaState } from '../../../../src/client/features/auth/captchaSlice';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';

const ready: CaptchaState = { status: 'ready', purpose: 'sms', captchaId: 'c1', image: 'data:image/svg+xml;base64,AAA' };

/** The dialog with a captcha shown: its Modal is a lazy chunk, so wait for it to arrive. */
async function renderReady() {
  const rendered = renderWithProviders(<CaptchaDialog />, { preloadedState: { captcha: ready } });
  await screen.findByPlaceholderText('请输入图形验证码');
  return rendered;
}

describe('CaptchaDialog', () => {
  it('mounts nothing until a captcha is asked for (its Modal stays out of the page), then opens', async () => {
    const { store } = renderWithProviders(<CaptchaDialog />);
    expect(screen.queryByPlaceholderText('请输入图形验证码')).toBeNull();
    act(() => {
      store.dispatch(captchaRequested({ purpose: 'sms' }));
    });
    expect(await screen.findByPlaceholderText('请输入图形验证码')).toBeVisible();
  });

  it('requires the code and at most 6 characters', async () => {
    const { store } = await renderReady();
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
    const { store } = await renderReady();
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
    const { store } = await renderReady();
    const dispatch = jest.spyOn(store, 'dispatch');
    await fastUser().click(button('看不清？换一张'));
    expect(dispatch).toHaveBeenCalledWith(captchaRefreshRequested());
  });
});
