/**
 * The README promises a Node.js version; `npm install` warns (EBADENGINE) for every installed
 * package that declares it does not run there. Every package in the lock file must accept the
 * oldest Node that package.json's engines admit, and the README must name that same version.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean; os?: string[] }>;
};
const oldest = semver.minVersion(manifest.engines.node);

describe('the Node.js version the README promises', () => {
  it('is a real minimum', () => {
    expect(oldest?.version).toBe('20.19.0');
  });

  it('is accepted by every installed package', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name && !Array.isArray(entry.engines) && entry.engines?.node)
      // Packages for other systems are never installed here (and sharp's name their own libc).
      .filter(([, entry]) => !(entry.optional && entry.os && !entry.os.includes(process.platform)))
      .filter(([, entry]) => !semver.satisfies(oldest ?? '0.0.0', (entry.engines as Record<string, string>).node))
      .map(([name, entry]) => `${name} (${(entry.engines as Record<string, string>).node})`);
    expect(refusing).toEqual([]);
  });

  it('is the one the README names', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${semver.major(oldest ?? '0.0.0')}.${semver.minor(oldest ?? '0.0.0')} or newer`);
  });
});
