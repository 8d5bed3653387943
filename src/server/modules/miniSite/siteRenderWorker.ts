/**
 * Entry of the site render thread (started by siteRenderThread.ts): runs the static-site renderers
 * (React to HTML, font subsets, canvas for the icon and share picture) off the API's thread: the
 * mini site's, and the builder's composed sites.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../render/threadPriority';
import { DEFAULT_MAIN_PRESET_ID } from '../../render/builder/catalog';
import { defaultRenderInput, renderBuiltSite } from '../../render/builder/renderBuiltSite';
import type { BuiltSiteRenderInput } from '../../render/builder/types';
import { renderSite } from '../../render/site/renderSite';
import type { SiteRenderInput, SiteRenderResult } from '../../render/site/types';

/** Which renderer a request is for, with its input; `warm`: the builder's default site, made to be thrown away. */
export type SiteRenderJob = { kind: 'miniSite'; input: SiteRenderInput } | { kind: 'builder'; input: BuiltSiteRenderInput } | { kind: 'warm' };

export interface SiteRenderRequest {
  id: number;
  job: SiteRenderJob;
  outDir: string;
}

/** A failure keeps its name: a PictureRefusedError's message is for the user (render/picture.ts). */
export type SiteRenderReply = { id: number; type: 'done'; result: SiteRenderResult } | { id: number; type: 'failed'; name: string; message: string; stack?: string };

function run(job: SiteRenderJob, outDir: string): Promise<SiteRenderResult> {
  if (job.kind === 'warm') return renderBuiltSite(defaultRenderInput('main', DEFAULT_MAIN_PRESET_ID), outDir);
  return job.kind === 'builder' ? renderBuiltSite(job.input, outDir) : renderSite(job.input, outDir);
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  lowerThisThreadsPriority();
  port.on('message', (request: SiteRenderRequest) => {
    run(request.job, request.outDir).then(
      (result) => port.postMessage({ id: request.id, type: 'done', result } satisfies SiteRenderReply),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          type: 'failed',
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        } satisfies SiteRenderReply),
    );
  });
}
