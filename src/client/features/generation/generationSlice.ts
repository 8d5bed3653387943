import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { GenerationLimits, GenerationMessages, waitingTitle, type GenerationStage } from '../../../contract/generation';
import type { ConfigSlot } from '../selections/selections.types';
import type { GenerationKind, GenerationRequest, GenerationResult, GenerationStatus } from './generation.types';
import { progressPercentAt, replan, startPlan, type ProgressPlan } from './progress';

export interface GenerationState {
  status: GenerationStatus;
  kind: GenerationKind | null;
  /** Jobs ahead of ours: the loading dialog's title says so while it is above 0 (spec screen 20). */
  waitCount: number;
  /** When the creation was sent (services.now()), for the progress bar. */
  startedAt: number | null;
  /**
   * Seconds from the creation to the result, as last estimated: the kind's default, then
   * getLogoCreationDuration's figure, then the server's figure for this very job (create and poll
   * answers), which the general one no longer overrides.
   */
  expectedSeconds: number;
  /** Whether expectedSeconds is the server's figure for this job. */
  jobEstimated: boolean;
  /** The progress bar's course (progress.ts); null before the creation is sent. */
  progress: ProgressPlan | null;
  /** Whether this job paints its key art first (AI生成主视觉): the dialog then names that stage. */
  paints: boolean;
  /** The form a painting job is for: its refusal is shown beside that form's description only. */
  paintingSlot: ConfigSlot | null;
  /** Where the job is, as the server last said (排队中, AI绘制中, 视频合成中); null before it is sent. */
  stage: GenerationStage | null;
  /** Why the last generation failed, as the user was told; '' otherwise. */
  errorMessage: string;
}

/** What the server says of our job while it is under way: what is ahead, and the seconds left. */
export interface JobEstimate {
  waitCount: number;
  /** The server's seconds left; a non-positive or missing figure leaves the bar's course as it was. */
  expectedSeconds: number;
  /** When the answer came (services.now()). */
  at: number;
  /** Where the job is, when the answer says. */
  stage?: GenerationStage;
}

export const initialGenerationState: GenerationState = {
  status: 'idle',
  kind: null,
  waitCount: 0,
  startedAt: null,
  expectedSeconds: GenerationLimits.defaultLogoSeconds,
  jobEstimated: false,
  progress: null,
  paints: false,
  paintingSlot: null,
  stage: null,
  errorMessage: '',
};

/** A job estimate into the state: the count ahead, and the bar's course from where it is now. */
function estimated(state: GenerationState, { waitCount, expectedSeconds, at, stage }: JobEstimate): void {
  state.waitCount = waitCount;
  if (stage) state.stage = stage;
  if (!(expectedSeconds > 0) || state.startedAt === null || !state.progress) return;
  state.progress = replan(state.progress, state.startedAt, at, expectedSeconds);
  state.expectedSeconds = (at - state.startedAt) / 1000 + expectedSeconds;
  state.jobEstimated = true;
}

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
    accepted(state, action: PayloadAction<{ kind: GenerationKind; paints?: boolean; slot?: ConfigSlot }>) {
      Object.assign(state, initialGenerationState, {
        status: 'checking',
        kind: action.payload.kind,
        expectedSeconds: defaultSecondsOf(action.payload.kind),
        paints: action.payload.paints === true,
        paintingSlot: action.payload.paints === true ? (action.payload.slot ?? null) : null,
      });
    },
    /** A creation request left (again, after a confirmed inquiry): the loading dialog shows. */
    creationSent(state, action: PayloadAction<{ startedAt: number; waitCount: number }>) {
      const { startedAt, waitCount } = action.payload;
      state.status = 'loading';
      state.startedAt = startedAt;
      state.waitCount = waitCount;
      state.stage = 'queued';
      state.jobEstimated = false;
      state.progress = startPlan(startedAt, state.expectedSeconds);
    },
    /** The general figure for the module and styles (getLogoCreationDuration), heard at `at`. */
    durationLoaded(state, action: PayloadAction<{ seconds: number; at: number }>) {
      const { seconds, at } = action.payload;
      // It may come after the create's answer, which knows this job: that one stands.
      if (state.jobEstimated) return;
      state.expectedSeconds = seconds;
      if (state.progress && state.startedAt !== null) state.progress = replan(state.progress, state.startedAt, at, seconds - (at - state.startedAt) / 1000);
    },
    /** The create answered with a job to poll and its estimate. */
    creationAnswered(state, action: PayloadAction<JobEstimate>) {
      estimated(state, action.payload);
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
    pollAnswered(state, action: PayloadAction<JobEstimate>) {
      estimated(state, action.payload);
    },
    succeeded(state, _action: PayloadAction<GenerationResult>) {
      state.status = 'succeeded';
      state.waitCount = 0;
    },
    /** The user has been told why (a toast; the banner form repeats a painting's refusal). */
    failed(state, action: PayloadAction<string | undefined>) {
      state.status = 'failed';
      state.waitCount = 0;
      state.errorMessage = action.payload ?? '';
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
    selectGenerationStage: (state) => state.stage,
    selectGenerationPaints: (state) => state.paints,
    /** A painting's refusal for the form `slot`, '' otherwise. */
    selectPaintingError: (state, slot: ConfigSlot) => (state.status === 'failed' && state.paints && state.paintingSlot === slot ? state.errorMessage : ''),
    /** The bar at `now`: its course while loading, full once the result is there (spec section 4). */
    selectProgressPercent: (state, now: number) => {
      if (state.status === 'succeeded') return 100;
      return state.progress ? progressPercentAt(state.progress, now) : 0;
    },
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
  creationAnswered,
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
  selectGenerationStage,
  selectGenerationPaints,
  selectPaintingError,
  selectProgressPercent,
  selectGenerationBusy,
  selectLoadingTitle,
} = generationSlice.selectors;
