import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const suffix = (): string => crypto.randomBytes(6).toString('hex');

/**
 * Renders a folder beside its place (in `tmpRoot`, on the same file system) and moves it to
 * `target` whole, so that no visitor sees half a site. A folder already at `target` is replaced
 * by two renames a moment apart: a reader never gets a mix of the old and the new files. A render
 * that fails leaves `target` as it was and removes its temp folder.
 */
export async function publishFolder(tmpRoot: string, target: string, render: (dir: string) => Promise<unknown>): Promise<void> {
  const temp = path.join(tmpRoot, `${path.basename(target)}-${suffix()}`);
  fs.mkdirSync(temp, { recursive: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    await render(temp);
    if (!fs.existsSync(target)) {
      fs.renameSync(temp, target);
      return;
    }
    const old = path.join(tmpRoot, `${path.basename(target)}-old-${suffix()}`);
    fs.renameSync(target, old);
    fs.renameSync(temp, target);
    fs.rmSync(old, { recursive: true, force: true });
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}
