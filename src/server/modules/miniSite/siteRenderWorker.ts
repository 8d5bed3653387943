/**
 * Entry of the site render thread (started by siteRenderThread.ts): runs the static-site renderer
 * (React to HTML, font subsets, canvas for the icon and share picture) off the API's thread.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../queue/renderPriority';
import { renderSite } from '../../render/site/renderSite';
import type { SiteRenderInput, SiteRenderResult } from '../../render/site/types';

export interface SiteRenderRequest {
  id: number;
  input: SiteRenderInput;
  outDir: string;
}

export type SiteRenderReply = { id: number; type: 'done'; result: SiteRenderResult } | { id: number; type: 'failed'; message: string; stack?: string };

if (!isMainThread && parentPort) {
  const port = parentPort;
  lowerThisThreadsPriority();
  port.on('message', (request: SiteRenderRequest) => {
    renderSite(request.input, request.outDir).then(
      (result) => port.postMessage({ id: request.id, type: 'done', result } satisfies SiteRenderReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined } satisfies SiteRenderReply),
    );
  });
}
