import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { createMemoryRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import App, { REDUCED_MOTION_QUERY } from '../../../src/client/app/App';
import { makeStore } from '../../../src/client/app/store';

/** matchMedia that answers `reduced` for the reduced-motion query and no to every other (setup.ts's stub). */
function prefersReducedMotion(reduced: boolean): void {
  const stub = window.matchMedia;
  jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...stub(query), matches: reduced && query === REDUCED_MOTION_QUERY }));
}

/** What a page of the app gets from antd's theme (jsdom runs no CSS transitions to look at). */
function MotionProbe() {
  const { token } = theme.useToken();
  return <p data-testid="motion">{`${String(token.motion)} ${token.motionDurationMid}`}</p>;
}

async function motionInApp(): Promise<string> {
  const store = makeStore();
  const persistor = persistStore(store);
  const router = createMemoryRouter([{ path: '/', element: <MotionProbe /> }]);
  render(<App store={store} persistor={persistor} router={router} />);
  await act(() => persistor.flush());
  return (await screen.findByTestId('motion')).textContent ?? '';
}

afterEach(() => jest.restoreAllMocks());

describe('App', () => {
  it("moves dialogs, popovers and pagers as antd's defaults do", async () => {
    prefersReducedMotion(false);
    expect(await motionInApp()).toBe('true 0.2s');
  });

  it('turns antd motion off for a system set to reduce motion (dialogs appear at once)', async () => {
    prefersReducedMotion(true);
    expect(await motionInApp()).toBe('false 0s');
  });
});
