import type { UnknownAction } from '@reduxjs/toolkit';
import { delay } from 'redux-saga/effects';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { RootState } from '../../../../src/client/app/rootReducer';
import type { GenerationRequest } from '../../../../src/client/features/generation/generation.types';
import { selectLoadingTitle } from '../../../../src/client/features/generation/generationSlice';
import {
  DEFAULT_BANNER_TEXTS,
  DEFAULT_LOGO_TEXTS,
  type BannerTemplate,
  type LogoCreateAnswer,
  type LogoPollingAnswer,
  type LogoTemplate,
} from '../../../../src/contract/generation';
import { rootReducer, stateWith } from '../../sagaHarness';

/** The function behind redux-saga's `delay` effect (a call effect since redux-saga 1). */
export const delayFunction = (delay(0) as unknown as { payload: { fn: () => unknown } }).payload.fn;

export const logoTemplate: LogoTemplate = { id: 3, name: '烈焰战神', thumbnail: '/static/logo/3/thumb.png', preview_image1: '/static/logo/3/p1.png', preview_image: '/static/logo/3/scene.png' };
export const otherLogoTemplate: LogoTemplate = { id: 4, name: '冰霜之心', thumbnail: '/static/logo/4/thumb.png', preview_image1: '/static/logo/4/p1.png', preview_image: '/static/logo/4/scene.png' };
export const bannerTemplate: BannerTemplate = { id: 5, name: '星河', thumbnail: '/static/banner/5/thumb.jpg', preview_video: '/static/banner/5/preview.mp4', preview_image: '/static/banner/5/poster.jpg' };

export const logoRequest: GenerationRequest = {
  kind: 'logo',
  slot: 'alone',
  openPreview: true,
  payload: { ...DEFAULT_LOGO_TEXTS, logobg: logoTemplate.id, module: 'tl' },
};

export const bannerRequest: GenerationRequest = {
  kind: 'banner',
  slot: 'banner',
  openPreview: true,
  payload: { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logobg: logoTemplate.id, banner: bannerTemplate.id, module: 'fsa' },
};

/** A create's answer; unless said otherwise, a job the server expects in 2 s (so polls come every 2000 ms). */
export function created(answer: Partial<LogoCreateAnswer>): LogoCreateAnswer {
  return { uniqueId: 'job-1', isInquiry: false, exist: false, waitCount: 0, logoUrl: '', bannerUrl: '', expectedSeconds: 2, artMaker: '', artMakerLabel: '', keyArtUrl: '', ...answer };
}

/** A poll's answer; unless said otherwise, still 2 s to go. */
export function polled(answer: Partial<LogoPollingAnswer>): LogoPollingAnswer {
  return { expired: false, errorMsg: '', waitCount: 0, isCreate: false, logoUrl: '', bannerUrl: '', expectedSeconds: 2, stage: '', artMaker: '', artMakerLabel: '', keyArtUrl: '', ...answer };
}

/**
 * A provider that answers with each value in turn (the last one again after that), counting the
 * calls; an answer that is an Error is thrown, as a failed call throws it.
 */
export function sequence<T>(...answers: T[]) {
  const calls: unknown[][] = [];
  const provider = dynamic(({ args }: { args: unknown[] }) => {
    calls.push(args);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { provider, calls };
}

/** The state the flows start from: on the logo config page. */
export function startState(pathname = '/logo/config', search = '?module=tl'): RootState {
  return stateWith({ router: { location: { pathname, search } } });
}

/** A reducer that also records the loading dialog's title and the status after each action. */
export function recordingReducer() {
  const titles: string[] = [];
  const statuses: string[] = [];
  const reducer = (state: RootState | undefined, action: UnknownAction): RootState => {
    const next = rootReducer(state, action);
    if (next.generation.status === 'loading') titles.push(selectLoadingTitle(next));
    statuses.push(next.generation.status);
    return next;
  };
  return { reducer, titles, statuses };
}
