import path from 'node:path';

/** Folders every tool agrees on, resolved from the repository root rather than the cwd. */
export const repoRoot = path.resolve(__dirname, '..');
export const clientSrcDir = path.join(repoRoot, 'src', 'client');
export const contractDir = path.join(repoRoot, 'src', 'contract');
export const clientDistDir = path.join(repoRoot, 'dist', 'client');
