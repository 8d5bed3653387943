import { act, screen } from '@testing-library/react';
import { bannerFinishing, bannerRendering, bannerProgressed } from '../../../../src/client/features/builder/builderSlice';
import BannerDialogs, { BANNER_DONE_TITLE } from '../../../../src/client/features/builder/components/BannerDialogs';
import { renderWithProviders } from '../../renderWithProviders';
import { openState } from './builderHarness';

describe('BannerDialogs', () => {
  it('ends on a full bar of its own, titled for what was made, instead of sliding up from where the running bar stood', () => {
    const { store } = renderWithProviders(<BannerDialogs />, { preloadedState: openState() });
    act(() => {
      store.dispatch(bannerRendering({ durationSeconds: 120, waitCount: 0 }));
      store.dispatch(bannerProgressed({ percent: 1 }));
    });
    const running = screen.getByRole('progressbar', { name: 'banner生成进度' });
    expect(running).toHaveAttribute('aria-valuenow', '1');
    act(() => {
      store.dispatch(bannerFinishing());
    });
    expect(screen.getByText(BANNER_DONE_TITLE)).toBeInTheDocument();
    expect(screen.queryByText(/banner生成完成/)).not.toBeInTheDocument();
    const done = screen.getByRole('progressbar', { name: 'banner生成进度' });
    expect(done).toHaveAttribute('aria-valuenow', '100');
    // A new element: a width set on it at once is not a transition from 1 %.
    expect(done).not.toBe(running);
    expect(running).not.toBeInTheDocument();
  });
});
