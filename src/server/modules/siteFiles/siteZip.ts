import type { Zippable } from 'fflate';
import fs from 'node:fs';
import path from 'node:path';
import type { ZipAnswer } from '../../../contract/generation';
import type { DataFiles } from '../../storage/dataFiles';
import type { Clock } from '../../clock';
import { markZipUsed, noteZipKey, sanitiseFileName, writeZipAtomically, zipKeyFor, zipLocation } from '../generation/zip';
import type { ReserveBlockInput } from '../../render/site/blocks/ReserveBlock';
import { reserveFiles } from '../../render/site/reserveStamp';
import type { ReserveSiteRef } from '../../../contract/reservations';
import { siteDir } from './paths';
import type { ReserveBlocks } from './reserveBlocks';

/** Which site a zip is of, for its 预约 block, and where its page will call the 预约 routes. */
export interface ZipReserveRef {
  site: ReserveSiteRef;
  apiOrigin: string;
}

/** Formats that are compressed already (the text files' .br and .gz copies too): deflating them again only costs time. */
const STORED_AS_IS = new Set(['.mp4', '.webm', '.mp3', '.m4a', '.jpg', '.jpeg', '.png', '.gif', '.webp', '.woff2', '.woff', '.zip', '.br', '.gz']);

/** The zip's folder and file name: '龙腾天下-官网'. */
export function siteZipName(gameName: string): string {
  return sanitiseFileName(`${gameName.trim() || '游戏'}-官网`, '游戏官网');
}

/** Every file under `root`, as paths relative to it with forward slashes, in a stable order. */
function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      // Symbolic links are never followed: only files the renderer wrote go in.
      else if (entry.isFile()) found.push(child);
    }
  };
  walk('');
  return found;
}

/**
 * Zips of created sites (mini sites, and the builder's completed sites): the whole folder under
 * one folder named after the site, so that unzipping gives `龙腾天下-官网/index.html`. Made once per
 * site and reused; the generation zips' housekeeping deletes it after a week, and it is made again
 * if asked for later.
 */
export class SiteZipService {
  constructor(private readonly options: { dataDir: string; now: Clock; key: Buffer; files: DataFiles; reserveBlocks?: ReserveBlocks }) {}

  /** The 预约 block a zip's page carries: its campaign enabled and `zipForm` on; else none, and no dead form. */
  private reserveBlock(ref: ZipReserveRef | undefined): Promise<ReserveBlockInput | null> {
    if (!ref || !this.options.reserveBlocks) return Promise.resolve(null);
    return this.options.reserveBlocks.blockFor(ref.site, ref.apiOrigin, 'zip');
  }

  async zip(dir: string, gameName: string, reserveRef?: ZipReserveRef): Promise<ZipAnswer> {
    const reserve = await this.reserveBlock(reserveRef);
    const name = siteZipName(gameName);
    // The same site gets the same zip URL while its zip is kept, and a new one after; and another
    // one when its 预约 block comes, goes or changes (not when only its count moves: the page
    // asks for the count when it opens).
    const content = ['mini-site', dir, name, ...(reserve ? [reserveZipMark(reserve)] : [])];
    const key = zipKeyFor(this.options.dataDir, this.options.key, JSON.stringify(content), name);
    return this.writeZip(siteDir(this.options.dataDir, dir), key, name, reserve);
  }

  /**
   * The zip of a completed builder site's folder `root` for its last completion, whose first zip
   * was `made`, with the 预约 block as the studio chose it now: `made` itself while the block is
   * as it was in it and the zip is kept, else a new zip under a new key (an old URL stays dead).
   * `fresh`: `made` is a new completion's own key, not used yet. Like every zip key note
   * (zipKeyFor), what a zip carries is noted on the server that made it.
   */
  async completedZip(root: string, made: { key: string; name: string }, reserveRef: ZipReserveRef, fresh = false): Promise<ZipAnswer> {
    const { dataDir, key: secret } = this.options;
    const reserve = await this.reserveBlock(reserveRef);
    const content = (key: string): string => JSON.stringify(['completed-site', key, reserve ? reserveZipMark(reserve) : null]);
    const key = fresh ? made.key : zipKeyFor(dataDir, secret, content(made.key), made.name);
    // The zip under `key` carries this block: asked again with it, it is the same zip.
    noteZipKey(dataDir, secret, content(key), key);
    return this.writeZip(root, key, made.name, reserve);
  }

  private async writeZip(root: string, key: string, name: string, reserve: ReserveBlockInput | null): Promise<ZipAnswer> {
    const { files } = this.options;
    const { file, zipUrl } = zipLocation(this.options.dataDir, key, name);
    if (!(await files.fetch(file))) {
      // A site made on another server is fetched from the shared store first.
      if (!(await files.fetchFolder(root))) throw new Error(`No site folder ${root} to zip`);
      this.write(root, file, name, reserve);
      await files.publish(file);
    }
    markZipUsed(file, this.options.now());
    return { zipUrl };
  }

  /** The folder's files, with the page and the block's script replaced when the zip carries the 预约 block. */
  private write(root: string, file: string, folder: string, reserve: ReserveBlockInput | null): void {
    const entries: Zippable = {};
    const mtime = fs.statSync(root).mtime;
    const replaced = new Map(reserve ? Object.entries(reserveFiles(fs.readFileSync(path.join(root, 'index.html'), 'utf8'), reserve)) : []);
    const names = new Set(filesUnder(root));
    for (const name of replaced.keys()) {
      names.add(name);
      // The compressed copies of the page without the block would be served in its place.
      names.delete(`${name}.br`);
      names.delete(`${name}.gz`);
    }
    for (const relative of [...names].sort()) {
      const level = STORED_AS_IS.has(path.extname(relative).toLowerCase()) ? 0 : 6;
      const text = replaced.get(relative);
      const data = text !== undefined ? Buffer.from(text) : fs.readFileSync(path.join(root, relative));
      entries[`${folder}/${relative}`] = [data, { level, mtime }];
    }
    writeZipAtomically(file, entries);
  }
}

/** What of a 预约 block makes a zip's page differ (its settings, not its count). */
function reserveZipMark({ apiOrigin, campaign }: ReserveBlockInput): string {
  return JSON.stringify([apiOrigin, campaign.campaignId, campaign.platforms, campaign.tiers.map((tier) => [tier.count, tier.reward]), campaign.privacyNotice]);
}
