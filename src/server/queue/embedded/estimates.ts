/**
 * How long things will take, from the medians of recent renders (RenderDurations), the work queued
 * ahead and the progress running renders report: what the bars aim at. Reads no rows.
 */
import type { RenderStage, UserJobKind } from '../../render/jobSpec';
import type { RenderDurations } from '../renderDurations';
import type { ActiveJob, QueuedWork } from './activeJobs';

/** A user job's render under way. */
export interface RunningJob {
  kind: UserJobKind;
  style: string;
  startedAt: number;
  /** The share of the render done, as the renderer reports it (frames drawn); 0 when it does not. */
  progress: number;
  /** Where the render says it is (a banner painting its key art first); undefined until it says. */
  stage?: RenderStage;
}

/** Below this share of its frames a render's own progress says too little to extrapolate from. */
const MIN_PROGRESS = 0.05;

export class Estimates {
  constructor(
    private readonly durations: RenderDurations,
    private readonly concurrency: number,
  ) {}

  /** A job's own render time: the median of its kind and style's recent renders. */
  ownMs(kind: UserJobKind, style: string): number {
    return this.durations.estimateMs(kind, style);
  }

  /**
   * What a render has left: its estimate less the time it has run; once the renderer reports
   * progress (frames drawn), blended with the time the rest of its frames will take at the pace
   * so far, trusting the pace more the further it is.
   */
  runningRemainingMs(run: RunningJob, at: number): number {
    const elapsed = Math.max(0, at - run.startedAt);
    const byEstimate = Math.max(0, this.ownMs(run.kind, run.style) - elapsed);
    const share = run.progress;
    if (share < MIN_PROGRESS) return byEstimate;
    const byPace = (elapsed * (1 - share)) / share;
    return share * byPace + (1 - share) * byEstimate;
  }

  /**
   * How long a job queued now waits to start: nothing while a slot is free and no job waits;
   * otherwise the queued work plus what the running renders have left, shared among the slots
   * (with nothing queued, until the first running render ends).
   */
  waitAheadMs(queuedWork: Iterable<QueuedWork>, running: readonly RunningJob[], at: number): number {
    let queued = 0;
    for (const { kind, style, count } of queuedWork) queued += count * this.ownMs(kind, style);
    const left = running.map((run) => this.runningRemainingMs(run, at));
    if (queued === 0) return left.length < this.concurrency ? 0 : Math.min(...left);
    return (queued + left.reduce((sum, ms) => sum + ms, 0)) / this.concurrency;
  }

  /** The time a queued or running job has left, by the estimates and, once it renders, its progress. */
  remainingMs(job: Pick<ActiveJob, 'kind' | 'style' | 'expectedDoneAt'>, run: RunningJob | null | undefined, at: number): number {
    if (run) return this.runningRemainingMs(run, at);
    const ownMs = this.ownMs(job.kind, job.style);
    return job.expectedDoneAt === null ? ownMs : Math.max(job.expectedDoneAt - at, ownMs);
  }
}
