import { act, fireEvent, screen } from '@testing-library/react';
import type { RootState } from '../../../../src/client/app/rootReducer';
import { catalogPageRequested, templatePreviewFailed } from '../../../../src/client/features/catalog/catalogSlice';
import { PICTURE_RETRY_DELAYS_MS } from '../../../../src/client/components/useRetryingSource';
import { failEveryTry } from '../../retryingMedia';
import BannerSelectPage from '../../../../src/client/features/banner/pages/BannerSelectPage';
import { GenerationMessages } from '../../../../src/contract/generation';
import { renderWithProviders } from '../../renderWithProviders';
import { stateWith } from '../../sagaHarness';
import { fastUser } from '../../fastTesting';
import { bannerTemplate } from '../generation/generationHarness';

const withBanners: Partial<RootState> = { catalog: { ...stateWith().catalog, banner: { status: 'succeeded', page: 1, total: 1, items: [bannerTemplate] } } };

function renderPage(route: string) {
  return renderWithProviders(null, {
    route,
    preloadedState: withBanners,
    routes: [
      { path: '/banner/selectPage', element: <BannerSelectPage /> },
      { path: '*', element: null },
    ],
  });
}

describe('BannerSelectPage', () => {
  it('asks for the banner styles and shows their thumbnails', () => {
    const { store } = renderPage('/banner/selectPage?module=fsa');
    expect(store.dispatch).toHaveBeenCalledWith(catalogPageRequested({ catalog: 'banner', page: 1 }));
    expect(screen.getByAltText(bannerTemplate.name)).toHaveAttribute('src', bannerTemplate.thumbnail);
  });

  it.each([
    ['?module=fsa', 'fsa'],
    ['', 'fsa'],
    ['?module=nonsense', 'fsa'],
  ])('with %p: 选择 keeps the banner with module %s and goes to the logo list of that module', async (search, module) => {
    const { store, router } = renderPage(`/banner/selectPage${search}`);
    await fastUser().click(screen.getByText(/^选\s*择$/));
    expect(store.getState().selections.bannerTemplate).toEqual({ template: bannerTemplate, module });
    expect(`${router?.state.location.pathname}${router?.state.location.search}`).toBe(`/logo/selectPage?module=${module}`);
  });

  it('plays the preview video muted, looped and inline, and says so when it does not load', async () => {
    jest.useFakeTimers();
    let store: ReturnType<typeof renderPage>['store'];
    try {
      ({ store } = renderPage('/banner/selectPage?module=fsa'));
      fireEvent.click(screen.getByText(/^预\s*览$/));
      act(() => {
        jest.advanceTimersByTime(100);
      });
    } finally {
      jest.useRealTimers();
    }
    // The dialog's code loads on the first preview (LazyMediaPreviewDialog).
    const video = (await screen.findByTestId('preview-video')) as HTMLVideoElement;
    expect(video).toHaveAttribute('src', bannerTemplate.preview_video);
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    // A preview not rendered yet is asked for again; the dialog says it failed only after the last try.
    jest.useFakeTimers();
    try {
      fireEvent.error(video);
      expect(screen.getByRole('status')).toHaveTextContent(GenerationMessages.galleryPictureRendering);
      expect(store.dispatch).not.toHaveBeenCalledWith(templatePreviewFailed({ media: 'video' }));
      act(() => {
        jest.advanceTimersByTime(PICTURE_RETRY_DELAYS_MS[0]);
      });
      expect(screen.getByTestId('preview-video')).toHaveAttribute('src', `${bannerTemplate.preview_video}?retry=1`);
      failEveryTry(() => screen.queryByTestId('preview-video'));
    } finally {
      jest.useRealTimers();
    }
    expect(screen.getByText(GenerationMessages.videoDialog)).toBeInTheDocument();
    expect(store.dispatch).toHaveBeenCalledWith(templatePreviewFailed({ media: 'video' }));
  });
});
