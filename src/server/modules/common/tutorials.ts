import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TUTORIAL_TYPES } from '../../../contract/common';
import { noLinksOut } from '../../http/staticFiles';

/**
 * The tutorial videos shipped with the code, one per flow (<type>.mp4), recorded from the product
 * itself by `npm run record-tutorials`. An operator's row in video_tutorials replaces one.
 */
export const TUTORIAL_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets', 'tutorials');

export const TUTORIAL_URL_PREFIX = '/static/tutorials/';

export const tutorialFileName = (type: string): string => `${type}.mp4`;

/**
 * type -> URL of each shipped video that exists. The URL carries a hash of the file, so that a
 * re-recorded video is fetched anew however long browsers keep the old one.
 */
export function shippedTutorialUrls(dir: string = TUTORIAL_ASSETS_DIR): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  for (const { type } of TUTORIAL_TYPES) {
    const file = path.join(dir, tutorialFileName(type));
    if (!fs.existsSync(file)) continue;
    const version = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 12);
    urls.set(type, `${TUTORIAL_URL_PREFIX}${tutorialFileName(type)}?v=${version}`);
  }
  return urls;
}

/** /static/tutorials/: the shipped videos, with Range requests (seeking) answered 206 by @fastify/static. */
export async function registerTutorialFiles(app: FastifyInstance, dir: string = TUTORIAL_ASSETS_DIR): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: TUTORIAL_URL_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: noLinksOut(),
    // The answered URL names the file's hash: a new recording is a new URL.
    maxAge: '30d',
  });
}
