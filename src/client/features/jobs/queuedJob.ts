import type { Action } from 'redux';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, take } from 'redux-saga/effects';
import { nextPoll, type PollStep } from './pollSchedule';

/**
 * What a create answered, in words every queued job shares: the queue question (only the first
 * request, sent with isFirst, may ask it), a result made already, or a ticket to poll with.
 */
export type JobAnswer<Ticket, Result> =
  | { kind: 'inquiry'; waitCount: number }
  | { kind: 'done'; result: Result }
  | {
      kind: 'queued';
      ticket: Ticket;
      expectedSeconds: number;
      /** The server says the job is made already: the first poll goes at once. */
      due?: boolean;
    };

/**
 * What a poll answered: the result, the seconds the job should take still, or that the server is
 * busy or briefly cut off from its database and asks to be polled again later (HTTP 503 with
 * Retry-After): the job is still there, so the wait goes on.
 */
export type JobProgress<Result> = { result: Result } | { expectedSeconds: number } | { retryAfterSeconds: number };

/** The shortest and longest pause a busy server's Retry-After may make between polls. */
export const BUSY_RETRY_MIN_MS = 2_000;
export const BUSY_RETRY_MAX_MS = 30_000;
/** Busy answers in a row before the wait is given up (about five minutes at the longest pause). */
export const BUSY_RETRIES = 10;

/** The 排队 dialog's actions of one flow. */
export interface QueueQuestion {
  /** Opens the dialog with the number of jobs ahead. */
  asked(waitCount: number): Action;
  confirmed: string;
  declined: string;
  /** Put once the user chose to wait, before the request goes again. */
  resending?(waitCount: number): Action;
}

/**
 * One kind of job the server renders in its queue (a logo, a banner, a builder site's banner).
 * Each step tells the user what went wrong itself (and answers null), and puts what its own
 * dialog shows; the order of the steps is runQueuedJob's.
 */
export interface QueuedJob<Ticket, Result> {
  /** One create request (isFirst: the server may answer with the queue question). */
  create(isFirst: boolean): SagaIterator<JobAnswer<Ticket, Result> | null>;
  question: QueueQuestion;
  /** One poll of the job. */
  poll(ticket: Ticket): SagaIterator<JobProgress<Result> | null>;
  /** The longest wait between polls (the spec's 2000 ms unless said). */
  pollIntervalMs?: number;
  /** The wait before a poll, when the flow does something meanwhile (the builder's bar moves); `delay` unless said. */
  wait?(ms: number): SagaIterator;
}

/** Asks whether to wait in the queue; true when the user chose to. */
export function* askToQueue(question: QueueQuestion, waitCount: number): SagaIterator<boolean> {
  yield put(question.asked(waitCount));
  const choice: { confirmed?: unknown } = yield race({ confirmed: take(question.confirmed), declined: take(question.declined) });
  if (!choice.confirmed) return false;
  if (question.resending) yield put(question.resending(waitCount));
  return true;
}

/**
 * Polls until the job is made or a poll fails: at the estimate, never later than the interval,
 * backing off while the job is late (nextPoll).
 */
export function* pollUntilMade<Ticket, Result>(job: QueuedJob<Ticket, Result>, ticket: Ticket, expectedSeconds: number, due = false): SagaIterator<Result | null> {
  let remaining = expectedSeconds;
  let step: PollStep | null = null;
  let pollNow = due;
  let busy = 0;
  for (;;) {
    if (!pollNow) {
      step = nextPoll(remaining, step, job.pollIntervalMs);
      if (job.wait) yield call(job.wait, step.delayMs);
      else yield delay(step.delayMs);
    }
    pollNow = false;
    const progress: JobProgress<Result> | null = yield call(job.poll, ticket);
    if (!progress) return null;
    if ('result' in progress) return progress.result;
    if ('retryAfterSeconds' in progress) {
      busy += 1;
      // The http layer told the user the server is busy each time; past this many, the wait ends.
      if (busy > BUSY_RETRIES) return null;
      yield delay(Math.min(BUSY_RETRY_MAX_MS, Math.max(BUSY_RETRY_MIN_MS, progress.retryAfterSeconds * 1000)));
      pollNow = true;
      continue;
    }
    busy = 0;
    remaining = progress.expectedSeconds;
  }
}

/**
 * The queued-job flow: create with isFirst; the 排队 question when the queue is long (declined:
 * nothing more is sent), then the same request again; then the result at once, or the polls
 * until it is made. Null when there is no result: failed (the user told) or declined. Leaving
 * the page is the caller's race: cancelling this saga stops the polls.
 */
export function* runQueuedJob<Ticket, Result>(job: QueuedJob<Ticket, Result>): SagaIterator<Result | null> {
  let answer: JobAnswer<Ticket, Result> | null = yield call(job.create, true);
  if (answer?.kind === 'inquiry') {
    const waiting: boolean = yield call(askToQueue, job.question, answer.waitCount);
    if (!waiting) return null;
    answer = yield call(job.create, false);
  }
  if (!answer || answer.kind === 'inquiry') return null;
  if (answer.kind === 'done') return answer.result;
  return yield call(pollUntilMade, job, answer.ticket, answer.expectedSeconds, answer.due);
}
