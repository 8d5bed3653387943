import { screen, within } from '@testing-library/react';
import { makeStore } from '../../../../src/client/app/store';
import VideoTutorialPage from '../../../../src/client/features/tutorial/pages/VideoTutorialPage';
import { pageOpened, videoLoaded, videoMissing } from '../../../../src/client/features/tutorial/tutorialSlice';
import { Messages } from '../../../../src/contract/messages';
import { act } from 'react';
import { makeFakeServices } from '../../fakeServices';
import { renderWithProviders } from '../../renderWithProviders';

function spiedStore() {
  const store = makeStore(undefined, { services: makeFakeServices() });
  jest.spyOn(store, 'dispatch');
  return store;
}

describe('VideoTutorialPage', () => {
  it('asks for the tutorial of the type in the address, and shows it is loading', () => {
    const store = spiedStore();
    renderWithProviders(<VideoTutorialPage />, { route: '/videoTutorial?type=3', store });
    expect(store.dispatch).toHaveBeenCalledWith(pageOpened({ type: '3' }));
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
  });

  it('asks for type 1 when the address has none', () => {
    const store = spiedStore();
    renderWithProviders(<VideoTutorialPage />, { route: '/videoTutorial', store });
    expect(store.dispatch).toHaveBeenCalledWith(pageOpened({ type: '1' }));
  });

  it('plays the video with controls once loaded', () => {
    const { store } = renderWithProviders(<VideoTutorialPage />, { route: '/videoTutorial?type=1' });
    act(() => {
      store.dispatch(videoLoaded({ videoUrl: '/static/tutorial.mp4' }));
    });
    const video = screen.getByTestId('tutorial-video');
    expect(video).toHaveAttribute('src', '/static/tutorial.mp4');
    expect(video).toHaveAttribute('controls');
  });

  it('switches to another flow\'s video through the address (?type=), which asks for that video', async () => {
    const { store, router, user } = renderWithProviders(null, { routes: [{ path: '/videoTutorial', element: <VideoTutorialPage /> }], route: '/videoTutorial?type=1' });
    act(() => {
      store.dispatch(videoLoaded({ videoUrl: '/static/tutorials/1.mp4?v=1' }));
    });
    const flows = screen.getByRole('radiogroup', { name: '教程类型' });
    expect(within(flows).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['迷你站', 'LOGO', '整屏动画', '网站搭建']);
    expect(within(flows).getByRole('radio', { name: '迷你站' })).toBeChecked();
    expect(screen.getByRole('link', { name: '去制作迷你站' })).toHaveAttribute('href', '/');

    await user.click(within(flows).getByText('整屏动画'));
    expect(router?.state.location.search).toBe('?type=3');
    expect(store.dispatch).toHaveBeenCalledWith(pageOpened({ type: '3' }));
    expect(within(flows).getByRole('radio', { name: '整屏动画' })).toBeChecked();
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
  });

  it.each([
    ['1', '去制作迷你站', '/'],
    ['2', '去制作LOGO', '/logo/selectPage?module=tl'],
    ['3', '去制作整屏动画', '/banner/selectPage?module=fsa'],
    ['4', '去搭建网站', '/createWeb'],
  ])('under video %s links to its flow as %s', (type, text, href) => {
    const { store } = renderWithProviders(<VideoTutorialPage />, { route: `/videoTutorial?type=${type}` });
    act(() => {
      store.dispatch(videoLoaded({ videoUrl: `/static/tutorials/${type}.mp4?v=1` }));
    });
    expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', href);
  });

  it('says the video does not exist, with a link home', () => {
    const { store } = renderWithProviders(<VideoTutorialPage />, { route: '/videoTutorial?type=9' });
    act(() => {
      store.dispatch(videoMissing());
    });
    expect(screen.getByText(Messages.tutorialMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
