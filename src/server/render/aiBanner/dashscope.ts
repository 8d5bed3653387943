/**
 * The 通义万相 banner-art provider (BANNER_ART_PROVIDER=dashscope): one DashScope text-to-image
 * task per picture. It waits for the process's turn at the account (taskGate.ts), creates the task
 * (a 429 Throttling waits and tries again, as the account's limit is a queue, not a refusal),
 * polls the task with a growing interval until it ends, and downloads the picture at once: its
 * URL lives 24 hours, the banner for good. BANNER_ART_TIMEOUT_MS bounds the whole of it.
 */
import { RenderUserFacingError } from '../jobSpec';
import { bannerArtDescriptor, type DashScopeConfig } from './config';
import { DashScopeMessages, queryTask, submitTask } from './dashscopeApi';
import { HttpArtMessages, readCapped } from './http';
import { paintWithin } from './paintWithin';
import { pause, takeTurn } from './taskGate';
import type { BannerArtProvider, BannerArtRequest } from './types';

/** How long the provider waits between looks; tests shorten them. */
export interface DashScopeTiming {
  /** The first look at a new task, and the growth of the interval up to `maxPollMs`. */
  firstPollMs: number;
  maxPollMs: number;
  /** After a 429 on creating the task, the first wait, doubling up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
}

/** A 万相 picture takes 5 to 30 s: a look a second at first, then every few seconds (the task API allows 20 a second per account). */
export const DASHSCOPE_TIMING: DashScopeTiming = { firstPollMs: 1_000, maxPollMs: 5_000, firstRetryMs: 1_000, maxRetryMs: 8_000 };

const POLL_GROWTH = 1.5;
/** A turn outlives the paint's own limit a little: past it, the paint has surely ended or died. */
const LEASE_MARGIN_MS = 5_000;

const fail = (message: string, cause?: unknown): RenderUserFacingError => new RenderUserFacingError(message, { cause });

/** The picture's bytes, fetched without our key: the URL is signed for itself (OSS refuses a second credential). */
async function download(url: string, signal: AbortSignal): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'image/*' } });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw fail(DashScopeMessages.unreachable, error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw fail(DashScopeMessages.httpError(response.status));
  }
  try {
    return await readCapped(response);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof RenderUserFacingError) throw error;
    throw fail(DashScopeMessages.unreachable, error);
  }
}

/** The provider for a DashScope configuration (config.ts's readBannerArtConfig). */
export function dashscopeProvider(config: DashScopeConfig, timing: DashScopeTiming = DASHSCOPE_TIMING): BannerArtProvider {
  const descriptor = bannerArtDescriptor(config);

  /** Creates the task, waiting out the account's limit (429) for as long as the paint may last. */
  async function submit(request: BannerArtRequest, signal: AbortSignal): Promise<string> {
    for (let delay = timing.firstRetryMs; ; delay = Math.min(delay * 2, timing.maxRetryMs)) {
      const submitted = await submitTask(config, request, signal);
      if (submitted.type === 'task') return submitted.taskId;
      await pause(delay, signal);
    }
  }

  /** The picture's URL once the task has succeeded. */
  async function finish(taskId: string, signal: AbortSignal): Promise<string> {
    for (let delay = timing.firstPollMs; ; delay = Math.min(delay * POLL_GROWTH, timing.maxPollMs)) {
      await pause(delay, signal);
      const state = await queryTask(config, taskId, signal);
      if (state.type === 'done') return state.url;
    }
  }

  async function pictureOf(request: BannerArtRequest, signal: AbortSignal): Promise<Buffer> {
    const giveBack = await takeTurn(signal, config.timeoutMs + LEASE_MARGIN_MS);
    let url: string;
    try {
      url = await finish(await submit(request, signal), signal);
    } finally {
      // The task has ended (or we gave up on it): the next paint may start one.
      giveBack();
    }
    return download(url, signal);
  }

  return {
    ...descriptor,
    paint(request: BannerArtRequest): Promise<Buffer> {
      return paintWithin(request, config.timeoutMs, { ...HttpArtMessages, timedOut: DashScopeMessages.timedOut }, (signal) => pictureOf(request, signal));
    },
  };
}
