import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TUTORIAL_TYPES } from '../../../contract/common';
import { noLinksOut } from '../../http/staticFiles';
import { servePublicStatic } from '../../http/publicStatic';

/**
 * The tutorial videos shipped with the code, one per flow (<type>.mp4), recorded from the product
 * itself by `npm run record-tutorials`. An operator's row in video_tutorials replaces one.
 */
export const TUTORIAL_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'assets', 'tutorials');

export const TUTORIAL_URL_PREFIX = '/static/tutorials/';

export const tutorialFileName = (type: string): string => `${type}.mp4`;

/**
 * The URL of each shipped video that exists, '' for a type without one. The URL carries a hash of
 * the file, so that a re-recorded video is fetched anew however long browsers keep the old one;
 * a file is read and hashed when its type is first asked for, not by every start.
 */
export class ShippedTutorials {
  private readonly urls = new Map<string, string>();

  constructor(private readonly dir: string = TUTORIAL_ASSETS_DIR) {}

  url(type: string): string {
    // Only the known types name a file: the type is the visitor's text.
    if (!TUTORIAL_TYPES.some((entry) => entry.type === type)) return '';
    const known = this.urls.get(type);
    if (known !== undefined) return known;
    const file = path.join(this.dir, tutorialFileName(type));
    const url = fs.existsSync(file)
      ? `${TUTORIAL_URL_PREFIX}${tutorialFileName(type)}?v=${crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 12)}`
      : '';
    this.urls.set(type, url);
    return url;
  }
}

/** /static/tutorials/: the shipped videos, with Range requests (seeking) answered 206 by @fastify/static. */
export async function registerTutorialFiles(app: FastifyInstance, dir: string = TUTORIAL_ASSETS_DIR): Promise<void> {
  await servePublicStatic(app, {
    root: dir,
    prefix: TUTORIAL_URL_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: noLinksOut(),
    // The answered URL names the file's hash: a new recording is a new URL.
    maxAge: '30d',
  });
}
