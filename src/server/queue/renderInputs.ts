/**
 * What a render reads besides its spec: the studio's key art of a banner (a video's or the builder's),
 * and a finished banner's videos (landscape and phone cut) for their WebM. Renderers read no folder
 * of the server's (a render worker may be on another machine), so the queue puts a copy of each
 * input into the render's own folder first, fetched from the shared store when this process does
 * not have it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GenerationMessages } from '../../contract/generation';
import { BANNER_VIDEO_INPUT, JOB_FILES, KEY_ART_INPUT, KEY_ART_NAME_PATTERN, PORTRAIT_VIDEO_INPUT, RenderUserFacingError, paintsKeyArt, type RenderSpec } from '../render/jobSpec';
import type { DataFiles } from '../storage/dataFiles';
import { EXTRAS_FOLDERS, jobDir, uploadsDir } from './paths';
import { JOB_ID_PATTERN } from './jobRules';

/** Copies `file` (fetched from the shared store when this process does not have it) to `to`; throws `missing` when it is nowhere. */
async function stage(files: DataFiles, file: string, to: string, missing: Error): Promise<void> {
  if (!(await files.fetch(file))) throw missing;
  await fs.promises.copyFile(file, to);
}

/** Copies `spec`'s inputs into `outDir`; a key art that is gone fails with the user's message. */
export async function stageRenderInputs(files: DataFiles, spec: RenderSpec, outDir: string): Promise<void> {
  if (spec.kind === 'banner-cuts' || spec.kind === 'banner-webm') {
    if (!JOB_ID_PATTERN.test(spec.jobId)) throw new Error('A banner cut names no job');
    if (spec.kind === 'banner-cuts') {
      // A key art the banner's render painted is among its results: the phone cut is drawn over it, not painted anew.
      if (!paintsKeyArt(spec.banner)) return stageRenderInputs(files, spec.banner, outDir);
      const painted = path.join(jobDir(files.dataDir, spec.jobId), JOB_FILES.fsa.keyArt);
      return stage(files, painted, path.join(outDir, KEY_ART_INPUT), new Error(`The painted key art of job ${spec.jobId} is missing`));
    }
    const dir = jobDir(files.dataDir, spec.jobId);
    await stage(files, path.join(dir, JOB_FILES.fsa.video), path.join(outDir, BANNER_VIDEO_INPUT), new Error(`The banner of job ${spec.jobId} is gone`));
    const portrait = path.join(dir, EXTRAS_FOLDERS['banner-cuts'], JOB_FILES['banner-cuts'].portrait);
    await stage(files, portrait, path.join(outDir, PORTRAIT_VIDEO_INPUT), new Error(`The phone cut of job ${spec.jobId} is missing`));
    return;
  }
  if ((spec.kind !== 'fsa' && spec.kind !== 'ab') || !spec.keyArt) return;
  // Checked when the job was asked for; checked again because the spec came from a database row.
  if (!KEY_ART_NAME_PATTERN.test(spec.keyArt)) throw new RenderUserFacingError(GenerationMessages.keyArtGone);
  await stage(files, path.join(uploadsDir(files.dataDir), spec.keyArt), path.join(outDir, KEY_ART_INPUT), new RenderUserFacingError(GenerationMessages.keyArtGone));
}
