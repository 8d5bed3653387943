import type { FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BRAND_UPLOAD_URL_PREFIX, SettingsMessages } from '../../../contract/siteSettings';
import { BusinessError, invalid } from '../../http/envelope';
import { runFfmpeg } from '../../render/ffmpeg';
import type { DataFiles } from '../../storage/dataFiles';
import { brandUploadsDir } from './brandPictures';

/** The multipart field that carries the video. */
export const VIDEO_FIELD = 'video';

/** An MP4 (ISO base media) file starts with its `ftyp` box. */
const isMp4 = (head: Buffer): boolean => head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp';

async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * A tutorial video for the console: an MP4 streamed to disk with a byte cap, then copied by ffmpeg
 * into a new MP4 of its first video and audio streams only (no re-encoding): ffmpeg proves it is a
 * video, and what the camera or editor wrote beside the streams (location, device, titles,
 * chapters) stays behind. `faststart` puts the index first, so that playback starts before the
 * whole file is fetched. Served from the brand folder, which answers byte ranges (seeking), and
 * published to the shared store for every server. Answers null when the file is past the limit.
 */
export async function receiveVideo(request: FastifyRequest, files: DataFiles): Promise<{ url: string } | null> {
  if (!request.isMultipart()) throw invalid(SettingsMessages.videoMissing);
  const dir = brandUploadsDir(files.dataDir);
  const name = `${crypto.randomBytes(16).toString('hex')}.mp4`;
  const temp = path.join(dir, `${name}.${process.pid}.part`);
  const remuxed = path.join(dir, `${name}.${process.pid}.tmp.mp4`);
  try {
    let received = false;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== VIDEO_FIELD || received) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        received = true;
        await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
        if (part.file.truncated) return null;
      }
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      request.log.info({ err: error }, 'video upload failed');
      throw invalid(SettingsMessages.videoFailed);
    }
    if (!received || !fs.existsSync(temp) || fs.statSync(temp).size === 0) throw invalid(SettingsMessages.videoMissing);
    if (!isMp4(await headOf(temp))) throw invalid(SettingsMessages.videoTypeRefused);
    try {
      await runFfmpeg(['-i', temp, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart', '-f', 'mp4', '-y', remuxed], 'clean a tutorial video');
    } catch (error) {
      request.log.info({ err: error }, 'tutorial video refused');
      throw invalid(SettingsMessages.videoUnreadable);
    }
    const target = path.join(dir, name);
    await fs.promises.rename(remuxed, target);
    await files.publish(target);
    return { url: `${BRAND_UPLOAD_URL_PREFIX}${name}` };
  } finally {
    await fs.promises.rm(temp, { force: true });
    await fs.promises.rm(remuxed, { force: true });
  }
}
