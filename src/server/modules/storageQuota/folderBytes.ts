import fs from 'node:fs';
import path from 'node:path';

/** Bytes of the file at `target`, or of every file below the folder at `target` (links not followed); 0 when there is nothing. */
export async function folderBytes(target: string): Promise<number> {
  const stat = await fs.promises.lstat(target).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.isFile() ? stat.size : 0;
  let total = 0;
  for (const entry of await fs.promises.readdir(target)) total += await folderBytes(path.join(target, entry));
  return total;
}
