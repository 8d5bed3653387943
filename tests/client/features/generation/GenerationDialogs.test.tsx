import { act, screen } from '@testing-library/react';
import RootShell from '../../../../src/client/app/RootShell';
import GenerationDialogs from '../../../../src/client/features/generation/components/GenerationDialogs';
import {
  creationAnswered,
  creationSent,
  generationAccepted,
  generationSucceeded,
  pollAnswered,
  queueConfirmed,
  queueDeclined,
  queueInquired,
} from '../../../../src/client/features/generation/generationSlice';
import { GenerationMessages, queueQuestion, waitingTitle } from '../../../../src/contract/generation';
import { renderWithProviders } from '../../renderWithProviders';
import { button, fastUser } from '../../fastTesting';

function renderDialogs() {
  const rendered = renderWithProviders(<GenerationDialogs />);
  act(() => {
    rendered.store.dispatch(generationAccepted({ kind: 'logo' }));
  });
  return rendered;
}

describe('the loading dialog (spec screen 20)', () => {
  it('is closed until the creation is sent', () => {
    renderDialogs();
    expect(screen.queryByText(GenerationMessages.generatingTitle)).not.toBeInTheDocument();
  });

  it('says how many are ahead while there are any, otherwise that it is generating', () => {
    const { store } = renderDialogs();
    act(() => {
      store.dispatch(creationSent({ startedAt: Date.now(), waitCount: 0 }));
    });
    expect(screen.getByText(GenerationMessages.generatingTitle)).toBeInTheDocument();
    expect(screen.getByText(/预计需要约 180 秒/)).toBeInTheDocument();
    act(() => {
      store.dispatch(pollAnswered({ waitCount: 3, expectedSeconds: 30, at: Date.now() }));
    });
    expect(screen.getByText(waitingTitle(3))).toBeInTheDocument();
    act(() => {
      store.dispatch(pollAnswered({ waitCount: 0, expectedSeconds: 10, at: Date.now() }));
    });
    expect(screen.getByText(GenerationMessages.generatingTitle)).toBeInTheDocument();
  });

  it('draws the bar on the course the answers set, and says how long in whole seconds', () => {
    const { store } = renderDialogs();
    const sentAt = Date.now() - 10_000;
    act(() => {
      store.dispatch(creationSent({ startedAt: sentAt, waitCount: 0 }));
      // The server expected this job 5 s after the creation, which has passed: the bar is past 90 %.
      store.dispatch(creationAnswered({ waitCount: 0, expectedSeconds: 5, at: sentAt }));
    });
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(90);
    expect(screen.getByText(/预计需要约 5 秒/)).toBeInTheDocument();
    act(() => {
      store.dispatch(pollAnswered({ waitCount: 0, expectedSeconds: 0.3, at: sentAt + 10_000 }));
    });
    expect(screen.getByText(/预计需要约 11 秒/)).toBeInTheDocument();
  });

  it('has no way to close it but the end of the generation', () => {
    const { store } = renderDialogs();
    act(() => {
      store.dispatch(creationSent({ startedAt: Date.now(), waitCount: 0 }));
    });
    expect(screen.queryByLabelText('关闭', { selector: 'button' })).not.toBeInTheDocument();
    act(() => {
      store.dispatch(generationSucceeded({ kind: 'logo', slot: 'alone', module: 'tl', logoUrl: '/l.png', bannerUrl: '' }));
    });
    expect(store.getState().generation.status).toBe('succeeded');
  });

});

describe('the queue question (spec section 8)', () => {
  it('asks under 提示 with the number ahead, and answers 确定 with queueConfirmed', async () => {
    const { store } = renderDialogs();
    act(() => {
      store.dispatch(queueInquired({ waitCount: 12 }));
    });
    expect(screen.getByText(GenerationMessages.queueTitle)).toBeInTheDocument();
    expect(screen.getByText(queueQuestion(12))).toBeInTheDocument();
    expect(screen.getByText('生成人数过多, 目前正在排队, 前面还有12个人, 是否排队？')).toBeInTheDocument();
    await fastUser().click(button(/^确\s*定$/));
    expect(store.dispatch).toHaveBeenCalledWith(queueConfirmed());
    expect(store.getState().generation.status).toBe('loading');
  });

  it('answers 取消 with queueDeclined', async () => {
    const { store } = renderDialogs();
    act(() => {
      store.dispatch(queueInquired({ waitCount: 7 }));
    });
    await fastUser().click(button(/^取\s*消$/));
    expect(store.dispatch).toHaveBeenCalledWith(queueDeclined());
    expect(store.getState().generation.status).toBe('idle');
  });
});

describe('the app root', () => {
  it('mounts the generation dialogs the first time a generation needs them', async () => {
    const { store } = renderWithProviders(null, { routes: [{ path: '/', element: <RootShell />, children: [{ index: true, element: <p>页面</p> }] }] });
    expect(screen.getByText('页面')).toBeInTheDocument();
    expect(screen.queryByText(GenerationMessages.generatingTitle)).not.toBeInTheDocument();
    act(() => {
      store.dispatch(generationAccepted({ kind: 'banner' }));
      store.dispatch(creationSent({ startedAt: Date.now(), waitCount: 0 }));
    });
    expect(await screen.findByText(GenerationMessages.generatingTitle, undefined, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.getByText(/预计需要约 60 秒/)).toBeInTheDocument();
  });
});
