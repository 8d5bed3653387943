/**
 * No folder of the server imports, through any chain, from a folder that imports it: the modules
 * (src/server/modules/*) and the server's top-level folders (modules, queue, render, http...) each
 * form a graph without circles, so that each folder can be read after the ones it uses, and moved
 * or replaced without dragging its users along. The graph is read from the relative import
 * specifiers of the source files, as text.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

/** `from '../x'`, `import '../x'`, `import('../x')`, `require('../x')`: type-only imports too. */
const RELATIVE_IMPORT = /\b(?:from|import|require)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Where an import of one folder from another was seen: the first file and specifier of each pair. */
type FolderGraph = Map<string, Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder directly under `base` that holds `file`, or null for a file of `base` itself or outside it. */
function folderOf(base: string, file: string): string | null {
  const parts = path.relative(base, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/** Which folders under `base` import from which others. */
function folderGraph(base: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(base)) {
    const from = folderOf(base, file);
    if (!from) continue;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const to = folderOf(base, path.resolve(path.dirname(file), specifier));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(base, file)} imports '${specifier}'`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Each circle found by a depth-first walk, as "a -> b -> a" with the import behind each step. */
function cycles(graph: FolderGraph): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const walk = (folder: string, trail: string[]): void => {
    const at = trail.indexOf(folder);
    if (at >= 0) {
      const circle = [...trail.slice(at), folder];
      const steps = circle.slice(0, -1).map((step, index) => `  ${graph.get(step)?.get(circle[index + 1])}`);
      found.push([circle.join(' -> '), ...steps].join('\n'));
      return;
    }
    if (done.has(folder)) return;
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) walk(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of [...graph.keys()].sort()) walk(folder, []);
  return found;
}

/** Circles known and not mended yet, by their folders: anything else fails. */
const KNOWN_CIRCLES: Record<string, readonly string[]> = {
  modules: [],
  server: [],
};

const AREAS = [
  { name: 'the server modules', base: path.join(root, 'src', 'server', 'modules'), known: KNOWN_CIRCLES.modules },
  { name: "the server's top-level folders", base: path.join(root, 'src', 'server'), known: KNOWN_CIRCLES.server },
];

const circleOf = (found: string): string => found.split('\n')[0];

describe('folder-level imports', () => {
  it.each(AREAS)('$name form no circle', ({ base, known }) => {
    expect(cycles(folderGraph(base)).filter((found) => !known.includes(circleOf(found)))).toEqual([]);
  });

  it.each(AREAS)('$name still have each circle listed as known (strike it off once mended)', ({ base, known }) => {
    const circles = cycles(folderGraph(base)).map(circleOf);
    expect(known.filter((circle) => !circles.includes(circle))).toEqual([]);
  });

  it('are seen at all (the walk reads the imports it checks)', () => {
    expect(folderGraph(path.join(root, 'src', 'server', 'modules')).get('builder')?.has('auth')).toBe(true);
    expect(folderGraph(path.join(root, 'src', 'server')).get('modules')?.has('http')).toBe(true);
  });

  it('name the circle and the imports that make it', () => {
    const graph: FolderGraph = new Map([
      ['a', new Map([['b', "a/x.ts imports '../b/y'"]])],
      ['b', new Map([['a', "b/y.ts imports '../a/x'"]])],
    ]);
    expect(cycles(graph)).toEqual(["a -> b -> a\n  a/x.ts imports '../b/y'\n  b/y.ts imports '../a/x'"]);
  });
});
