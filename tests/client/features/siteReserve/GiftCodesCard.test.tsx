import { fireEvent, screen, waitFor } from '@testing-library/react';
import GiftCodesCard from '../../../../src/client/features/siteReserve/GiftCodesCard';
import { codesUploadRequested } from '../../../../src/client/features/siteReserve/siteReserveSlice';
import { ReserveLimits, ReserveMessages } from '../../../../src/contract/reservations';
import { renderWithProviders } from '../../renderWithProviders';

const codes = { total: 5, given: 2, left: 3 };

function chooseFile(text: string) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  // jsdom's File has no text(): the browser's answer is given here.
  const file = Object.assign(new File([text], 'codes.txt', { type: 'text/plain' }), { text: async () => text });
  fireEvent.change(input, { target: { files: [file] } });
  return input;
}

describe('礼包码', () => {
  it('opens the file chooser from 上传礼包码文件 and sends the chosen file\'s text', async () => {
    const { store } = renderWithProviders(<GiftCodesCard codes={codes} saved />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).toHaveAttribute('accept', '.csv,.txt,text/csv,text/plain');
    const opened = jest.spyOn(input as HTMLInputElement, 'click');
    fireEvent.click(screen.getByRole('button', { name: /上传礼包码文件/ }));
    expect(opened).toHaveBeenCalled();
    chooseFile('CODE-1\nCODE-2');
    await waitFor(() => expect(store.dispatch).toHaveBeenCalledWith(codesUploadRequested({ text: 'CODE-1\nCODE-2' })));
  });

  it('refuses a file too long to send, in words', async () => {
    const { store } = renderWithProviders(<GiftCodesCard codes={codes} saved />);
    chooseFile('x'.repeat(ReserveLimits.giftCodeTextMax + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(ReserveMessages.codesTextTooLong);
    expect(store.dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: codesUploadRequested.type }));
  });

  it('asks for the settings first when none are saved', () => {
    renderWithProviders(<GiftCodesCard codes={codes} saved={false} />);
    expect(document.querySelector('input[type=file]')).toBeNull();
    expect(screen.getByText(new RegExp(ReserveMessages.settingsFirst))).toBeInTheDocument();
  });
});
