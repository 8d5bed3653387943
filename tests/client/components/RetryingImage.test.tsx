import { act, fireEvent, render, screen } from '@testing-library/react';
import { GenerationMessages } from '../../../src/contract/generation';
import RetryingImage from '../../../src/client/components/RetryingImage';
import { PICTURE_RETRY_DELAYS_MS } from '../../../src/client/components/useRetryingSource';
import { failEveryTry } from '../retryingMedia';

const SRC = '/generated/catalog/r9/logo-3-thumbnail.jpg';
const picture = () => screen.getByAltText('烈焰');

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('RetryingImage', () => {
  it('asks again after a wait when the picture fails, saying it is being made meanwhile, and shows it when it comes', () => {
    render(<RetryingImage src={SRC} alt="烈焰" />);
    expect(picture()).toHaveAttribute('src', SRC);
    fireEvent.error(picture());
    expect(screen.getByRole('status')).toHaveTextContent(GenerationMessages.galleryPictureRendering);
    expect(picture()).not.toBeVisible();
    act(() => {
      jest.advanceTimersByTime(PICTURE_RETRY_DELAYS_MS[0] - 1);
    });
    expect(picture()).toHaveAttribute('src', SRC);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    // A new URL, or the browser would answer from what it has.
    expect(picture()).toHaveAttribute('src', `${SRC}?retry=1`);
    fireEvent.load(picture());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(picture()).toBeVisible();
  });

  it('waits longer each time, within a minute and a half in all', () => {
    render(<RetryingImage src={`${SRC}?v=2`} alt="烈焰" />);
    fireEvent.error(picture());
    act(() => {
      jest.advanceTimersByTime(PICTURE_RETRY_DELAYS_MS[0]);
    });
    expect(picture()).toHaveAttribute('src', `${SRC}?v=2&retry=1`);
    fireEvent.error(picture());
    act(() => {
      jest.advanceTimersByTime(PICTURE_RETRY_DELAYS_MS[0]);
    });
    expect(picture()).toHaveAttribute('src', `${SRC}?v=2&retry=1`);
    act(() => {
      jest.advanceTimersByTime(PICTURE_RETRY_DELAYS_MS[1] - PICTURE_RETRY_DELAYS_MS[0]);
    });
    expect(picture()).toHaveAttribute('src', `${SRC}?v=2&retry=2`);
    expect(PICTURE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeLessThanOrEqual(90_000);
  });

  it('says the picture did not load after the last try, and asks no more', () => {
    render(<RetryingImage src={SRC} alt="烈焰" />);
    failEveryTry(picture);
    expect(screen.getByRole('status')).toHaveTextContent(GenerationMessages.previewImageFailed);
    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(picture()).toHaveAttribute('src', `${SRC}?retry=${PICTURE_RETRY_DELAYS_MS.length}`);
  });

  it('starts over for another picture, and stops waiting when it is gone', () => {
    const { rerender, unmount } = render(<RetryingImage src={SRC} alt="烈焰" />);
    fireEvent.error(picture());
    rerender(<RetryingImage src="/generated/catalog/r9/logo-4-thumbnail.jpg" alt="烈焰" />);
    expect(picture()).toHaveAttribute('src', '/generated/catalog/r9/logo-4-thumbnail.jpg');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.error(picture());
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not ask again for an inline picture: it would fail the same way', () => {
    render(<RetryingImage src="data:image/png;base64,AAAA" alt="烈焰" />);
    fireEvent.error(picture());
    expect(screen.getByRole('status')).toHaveTextContent(GenerationMessages.previewImageFailed);
    expect(jest.getTimerCount()).toBe(0);
  });
});
