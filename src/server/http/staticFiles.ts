import type { FastifyStaticOptions } from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';

/** Whether `candidate` is `root` itself or lies inside it (both already resolved). */
function within(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + path.sep);
}

const realRoots = new Map<string, string>();

function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (!real) {
    real = fs.realpathSync(root);
    realRoots.set(root, real);
  }
  return real;
}

/**
 * Whether the file a static route would send for `relative` stays inside `root` once every
 * symbolic link on its way is followed: a link inside a served folder must not serve a file from
 * elsewhere. A missing file passes (the route answers 404 itself); a folder is checked with the
 * index file it would send.
 */
export function staysInside(root: string, relative: string, index?: string): boolean {
  const base = realRoot(root);
  let target = path.join(root, relative);
  try {
    let real = fs.realpathSync(target);
    if (index && fs.statSync(real).isDirectory()) {
      target = path.join(real, index);
      if (!fs.existsSync(target)) return within(base, real);
      real = fs.realpathSync(target);
    }
    return within(base, real);
  } catch {
    return true;
  }
}

/** @fastify/static's allowedPath that refuses files reached through a link out of the root. */
export const noLinksOut =
  (index?: string): NonNullable<FastifyStaticOptions['allowedPath']> =>
  (pathName, root) =>
    staysInside(root, pathName, index);
