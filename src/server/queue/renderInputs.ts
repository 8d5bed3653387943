/**
 * What a render reads besides its spec: the studio's key art of a banner (a video's or the builder's),
 * and a finished banner's video for its other cuts. Renderers read no folder
 * of the server's (a render worker may be on another machine), so the queue puts a copy of each
 * input into the render's own folder first, fetched from the shared store when this process does
 * not have it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../contract/generation';
import { BANNER_VIDEO_INPUT, JOB_FILES, KEY_ART_INPUT, KEY_ART_NAME_PATTERN, RenderUserFacingError, type RenderSpec } from '../render/jobSpec';
import type { DataFiles } from '../storage/dataFiles';
import { jobDir, uploadsDir } from './paths';
import { JOB_ID_PATTERN } from './renderSpec';

/** Copies `spec`'s inputs into `outDir`; a key art that is gone fails with the user's message. */
export async function stageRenderInputs(files: DataFiles, spec: RenderSpec, outDir: string): Promise<void> {
  if (spec.kind === 'banner-cuts') {
    if (!JOB_ID_PATTERN.test(spec.jobId)) throw new Error('A banner cut names no job');
    const video = path.join(jobDir(files.dataDir, spec.jobId), JOB_FILES.fsa.video);
    if (!(await files.fetch(video))) throw new Error(`The banner of job ${spec.jobId} is gone`);
    await fs.promises.copyFile(video, path.join(outDir, BANNER_VIDEO_INPUT));
    await stageRenderInputs(files, spec.banner, outDir);
    return;
  }
  if ((spec.kind !== 'fsa' && spec.kind !== 'ab') || !spec.keyArt) return;
  // Checked when the job was asked for; checked again because the spec came from a database row.
  if (!KEY_ART_NAME_PATTERN.test(spec.keyArt)) throw new RenderUserFacingError(GenerationMessages.keyArtGone);
  const source = path.join(uploadsDir(files.dataDir), spec.keyArt);
  if (!(await files.fetch(source))) throw new RenderUserFacingError(GenerationMessages.keyArtGone);
  await fs.promises.copyFile(source, path.join(outDir, KEY_ART_INPUT));
}
