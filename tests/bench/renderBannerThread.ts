/**
 * The banner bench's timed renders run in this worker thread, shaped like the server's render
 * workers (src/server/queue/renderWorker.ts): the renderers loaded and nothing else. Every frame's
 * pixels come out of the canvas in a new 8 MB buffer, which sets off a full garbage collection
 * every few frames, and each walks its thread's whole heap: a render worker's is ~11 MB, the bench
 * process's (the API server loaded for the other benches) twice that and more.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import type { BannerTexts } from '../../src/contract/generation';
import { renderBannerVideo, type BannerVideoOptions } from '../../src/server/render/banner';
// What a render worker loads besides the banner renderer: its heap is the one measured.
import '../../src/server/render/jobs';

export interface ThreadRender {
  id: number;
  styleId: number;
  input: { logoPng: Uint8Array; texts: BannerTexts; keyArt?: Uint8Array };
  options: Omit<BannerVideoOptions, 'signal' | 'onProgress'>;
}

export type ThreadReply = { id: number; error?: string };

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (request: ThreadRender) => {
    const { input } = request;
    renderBannerVideo(request.styleId, { logoPng: Buffer.from(input.logoPng), texts: input.texts, keyArt: input.keyArt && Buffer.from(input.keyArt) }, request.options).then(
      () => port.postMessage({ id: request.id } satisfies ThreadReply),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies ThreadReply),
    );
  });
}
