/**
 * A second thread that draws every other frame of the banner render going on in this thread, for
 * machines where the encoder and one drawing thread leave cores idle (video.ts defaultDrawThreads:
 * on two cores it gains nothing and costs CPU). Each render thread keeps one helper, started on
 * first use; an idle helper does not keep the process alive.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BannerTexts } from '../../../../contract/generation';

/** What the helper needs to build the same frames as the render: they are a function of these alone. */
export interface HelperScene {
  styleKey: string;
  logoPng: Uint8Array;
  texts: BannerTexts;
  size: { width?: number; height?: number; seconds?: number; fps?: number };
  keyArt?: Uint8Array;
}

export type HelperRequest =
  | { type: 'start'; renderId: number; scene: HelperScene }
  | { type: 'draw'; renderId: number; frame: number }
  | { type: 'end'; renderId: number };

export type HelperReply = { type: 'frame'; renderId: number; frame: number; pixels: Uint8Array } | { type: 'failed'; renderId: number; message: string };

/** One render's use of the helper. */
export interface FrameHelperSession {
  /** Asks for a frame; frames are drawn in the order asked. */
  request(frame: number): void;
  /** The RGBA pixels of a frame asked for; rejects when the helper failed (the caller draws it itself). */
  take(frame: number): Promise<Buffer>;
  /** The render is over (done, failed or aborted): frames still asked for are dropped. */
  end(): void;
}

const HELPER_FILE = path.join(__dirname, 'frameHelperWorker.ts');
/** Like the render workers: tsx's hook first, so the thread runs TypeScript under tsx and jest alike. */
const HELPER_EXEC_ARGV = ['--require', require.resolve('tsx/cjs')];

interface Deferred {
  promise: Promise<Buffer>;
  resolve: (pixels: Buffer) => void;
  reject: (error: Error) => void;
}

function deferred(): Deferred {
  let resolve!: Deferred['resolve'];
  let reject!: Deferred['reject'];
  const promise = new Promise<Buffer>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A frame asked for and never taken (an aborted render) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** A render's frames asked for and not yet taken, and why the helper cannot help it any more. */
interface Session {
  frames: Map<number, Deferred>;
  failure: string | null;
}

/** By render: the helper's replies find their waiting take here. */
const sessions = new Map<number, Session>();
let helper: Worker | null = null;
let nextRenderId = 1;

function fail(session: Session, message: string): void {
  session.failure ??= message;
  for (const frame of session.frames.values()) frame.reject(new Error(message));
}

function helperThread(): Worker {
  if (helper) return helper;
  const worker = new Worker(HELPER_FILE, { execArgv: HELPER_EXEC_ARGV });
  worker.on('message', (reply: HelperReply) => {
    const session = sessions.get(reply.renderId);
    if (!session) return;
    if (reply.type === 'failed') fail(session, reply.message);
    else session.frames.get(reply.frame)?.resolve(Buffer.from(reply.pixels.buffer, reply.pixels.byteOffset, reply.pixels.byteLength));
  });
  // A helper that dies takes no render down with it: their frames are drawn by the renders themselves.
  const lost = (message: string) => {
    if (helper === worker) helper = null;
    for (const session of sessions.values()) fail(session, message);
  };
  worker.on('error', (error) => lost(`the frame helper failed: ${error.message}`));
  worker.on('exit', (code) => lost(`the frame helper exited (${code})`));
  worker.unref();
  helper = worker;
  return worker;
}

/** Starts drawing `scene` in the helper thread: it builds the scene while the caller builds its own. */
export function startFrameHelper(scene: HelperScene): FrameHelperSession {
  const worker = helperThread();
  const renderId = nextRenderId++;
  const session: Session = { frames: new Map(), failure: null };
  const { frames } = session;
  sessions.set(renderId, session);
  // While a render uses it, the helper keeps the process alive like the render does.
  worker.ref();
  worker.postMessage({ type: 'start', renderId, scene } satisfies HelperRequest);
  let ended = false;
  return {
    request(frame) {
      if (ended || frames.has(frame)) return;
      const asked = deferred();
      frames.set(frame, asked);
      if (session.failure) asked.reject(new Error(session.failure));
      else worker.postMessage({ type: 'draw', renderId, frame } satisfies HelperRequest);
    },
    take(frame) {
      const asked = frames.get(frame);
      if (!asked) return Promise.reject(new Error(`frame ${frame} was not asked of the helper`));
      // Kept until it comes: the helper's reply finds it by its number.
      return asked.promise.finally(() => frames.delete(frame));
    },
    end() {
      if (ended) return;
      ended = true;
      sessions.delete(renderId);
      for (const frame of frames.values()) frame.reject(new Error('the render ended'));
      worker.postMessage({ type: 'end', renderId } satisfies HelperRequest);
      if (sessions.size === 0) worker.unref();
    },
  };
}
