import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GenerationLimits, GenerationMessages, waitingTitle } from '../../../contract/generation';
import type { GenerationKind, GenerationRequest, GenerationResult, GenerationStatus } from './generation.types';

export interface GenerationState {
  status: GenerationStatus;
  kind: GenerationKind | null;
  /** Jobs ahead of ours: the loading dialog's title says so while it is above 0 (spec screen 20). */
  waitCount: number;
  /** When the creation was sent (services.now()), for the progress bar. */
  startedAt: number | null;
  /** How long a render is expected to take, from getLogoCreationDuration. */
  expectedSeconds: number;
}

export const initialGenerationState: GenerationState = {
  status: 'idle',
  kind: null,
  waitCount: 0,
  startedAt: null,
  expectedSeconds: GenerationLimits.defaultLogoSeconds,
};

/** The expected duration before the server has said (and when it cannot say). */
export function defaultSecondsOf(kind: GenerationKind): number {
  return kind === 'banner' ? GenerationLimits.defaultBannerSeconds : GenerationLimits.defaultLogoSeconds;
}

/**
 * The user submitted a form. No reducer: a submit while another generation runs is ignored by the
 * saga (takeLeading), so only `generationAccepted` may change the state.
 */
export const generationRequested = createAction<GenerationRequest>('generation/requested');

export const generationSlice = createSlice({
  name: 'generation',
  initialState: initialGenerationState,
  reducers: {
    /** The saga took the request and checks the session. */
    accepted(state, action: PayloadAction<{ kind: GenerationKind }>) {
      Object.assign(state, initialGenerationState, {
        status: 'checking',
        kind: action.payload.kind,
        expectedSeconds: defaultSecondsOf(action.payload.kind),
      });
    },
    /** A creation request left (again, after a confirmed inquiry): the loading dialog shows. */
    creationSent(state, action: PayloadAction<{ startedAt: number; waitCount: number }>) {
      state.status = 'loading';
      state.startedAt = action.payload.startedAt;
      state.waitCount = action.payload.waitCount;
    },
    durationLoaded(state, action: PayloadAction<{ seconds: number }>) {
      state.expectedSeconds = action.payload.seconds;
    },
    /** Many people ahead: the loading dialog gives way to the queue question. */
    queueInquired(state, action: PayloadAction<{ waitCount: number }>) {
      state.status = 'inquiring';
      state.waitCount = action.payload.waitCount;
    },
    /** The user chose to queue (the confirm dialog's answer). */
    queueConfirmed(state) {
      if (state.status === 'inquiring') state.status = 'loading';
    },
    /** The user chose not to queue. */
    queueDeclined(state) {
      if (state.status === 'inquiring') state.status = 'idle';
    },
    pollAnswered(state, action: PayloadAction<{ waitCount: number }>) {
      state.waitCount = action.payload.waitCount;
    },
    succeeded(state, _action: PayloadAction<GenerationResult>) {
      state.status = 'succeeded';
      state.waitCount = 0;
    },
    /** The user has been told why (a toast). */
    failed(state) {
      state.status = 'failed';
      state.waitCount = 0;
    },
    /** Ended without a result and without an error: login dialog closed, page left. */
    stopped(state) {
      state.status = 'idle';
      state.waitCount = 0;
    },
  },
  selectors: {
    selectGenerationStatus: (state) => state.status,
    selectGenerationKind: (state) => state.kind,
    selectWaitCount: (state) => state.waitCount,
    selectStartedAt: (state) => state.startedAt,
    selectExpectedSeconds: (state) => state.expectedSeconds,
    /** The submit button spins while a generation is under way. */
    selectGenerationBusy: (state) => state.status === 'checking' || state.status === 'loading' || state.status === 'inquiring',
    /** Spec screen 20: 'N people ahead' while waitCount > 0, otherwise 'generating, do not refresh'. */
    selectLoadingTitle: (state) => (state.waitCount > 0 ? waitingTitle(state.waitCount) : GenerationMessages.generatingTitle),
  },
});

export const {
  accepted: generationAccepted,
  creationSent,
  durationLoaded,
  queueInquired,
  queueConfirmed,
  queueDeclined,
  pollAnswered,
  succeeded: generationSucceeded,
  failed: generationFailed,
  stopped: generationStopped,
} = generationSlice.actions;
export const {
  selectGenerationStatus,
  selectGenerationKind,
  selectWaitCount,
  selectStartedAt,
  selectExpectedSeconds,
  selectGenerationBusy,
  selectLoadingTitle,
} = generationSlice.selectors;
