import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clientDistDir, clientSrcDir, contractDir, repoRoot } from './paths';

/** Newest modification time of any file under the given paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string): void => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** True when the production build is missing or older than a source it is built from. */
export function clientBuildIsStale(): boolean {
  const index = path.join(clientDistDir, 'index.html');
  const built = fs.statSync(index, { throwIfNoEntry: false });
  if (!built) return true;
  const sources = [clientSrcDir, contractDir, path.join(repoRoot, 'webpack.config.ts'), path.join(repoRoot, 'package-lock.json')];
  return newestMtime(sources) > built.mtimeMs;
}

/** Builds the SPA with webpack when it is stale; throws when the build fails. */
export function ensureClientBuild(log: (line: string) => void = console.info): void {
  if (!clientBuildIsStale()) return;
  log('Building the SPA (npm run build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The SPA build failed; see the webpack output above.');
}
