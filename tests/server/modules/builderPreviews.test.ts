/**
 * PreviewRenders: one render at a time per site, saves during a render share the next one (which
 * reads the values saved last), the folder is replaced whole, a failed render keeps the old one, and
 * a render that ends after its site was deleted leaves nothing behind.
 */
import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PreviewRenders } from '../../../src/server/modules/builder/previews';
import type { BuiltSiteRenderInput } from '../../../src/server/render/builder/types';
import { MemoryState } from '../../../src/server/sharedState/memoryState';
import type { SharedState } from '../../../src/server/sharedState/types';
import { DataFiles } from '../../../src/server/storage/dataFiles';
import { LocalFileStore } from '../../../src/server/storage/localStore';
import { settle } from '../queue/kit';

const log = Fastify({ logger: false }).log;
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-previews-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const DIR = '0123456789abcdef0123456789abcdef';
const index = (): string => fs.readFileSync(path.join(dataDir, 'sites', DIR, 'index.html'), 'utf8');

/** `state` stands for what API servers share; two setups on one state are two servers. */
function setup(state: SharedState = new MemoryState(Date.now)) {
  let saved = 'v0';
  const renders: Array<{ value: string; finish: () => void; fail: () => void }> = [];
  let revisions = 0;
  let deleted = false;
  const forgotten: string[] = [];
  const previews = new PreviewRenders({
    dataDir,
    log,
    state,
    files: new DataFiles(dataDir, new LocalFileStore(dataDir)),
    load: async () => ({ dir: DIR, userId: 1, input: { texts: { main: { web_name: saved } } } as unknown as BuiltSiteRenderInput }),
    render: (input, outDir) =>
      new Promise((resolve, reject) => {
        const value = input.texts.main.web_name;
        renders.push({
          value,
          finish: () => {
            fs.writeFileSync(path.join(outDir, 'index.html'), value);
            resolve({ files: ['index.html'] });
          },
          fail: () => reject(new Error('render failed')),
        });
      }),
    rendered: async () => {
      if (deleted) return false;
      revisions += 1;
      return true;
    },
    quota: { record: async () => undefined, forget: async (folder) => void forgotten.push(folder) },
  });
  const remove = () => {
    deleted = true;
    fs.rmSync(path.join(dataDir, 'sites', DIR), { recursive: true, force: true });
  };
  return { previews, renders, save: (value: string) => (saved = value), revisions: () => revisions, remove, forgotten };
}

it('renders one at a time per site and lets the saves made meanwhile share one render of the latest values', async () => {
  const { previews, renders, save, revisions } = setup();
  save('v1');
  const first = previews.refresh(1);
  await settle();
  expect(renders.map((render) => render.value)).toEqual(['v1']);

  save('v2');
  const second = previews.refresh(1);
  save('v3');
  const third = previews.refresh(1);
  await settle();
  // Still one render running: the two waiting saves wait for the next.
  expect(renders).toHaveLength(1);

  renders[0].finish();
  await first;
  expect(index()).toBe('v1');
  await settle();
  expect(renders.map((render) => render.value)).toEqual(['v1', 'v3']);
  renders[1].finish();
  await Promise.all([second, third]);
  expect(index()).toBe('v3');
  expect(revisions()).toBe(2);
  expect(fs.readdirSync(path.join(dataDir, 'sites-tmp'))).toEqual([]);
});

it('keeps the previous folder when a render fails, and renders again on the next save', async () => {
  const { previews, renders, save } = setup();
  save('good');
  const first = previews.refresh(1);
  await settle();
  renders[0].finish();
  await first;

  save('bad');
  const failing = previews.refresh(1);
  await settle();
  renders[1].fail();
  await expect(failing).rejects.toThrow('render failed');
  expect(index()).toBe('good');
  expect(fs.readdirSync(path.join(dataDir, 'sites-tmp'))).toEqual([]);

  save('fixed');
  const again = previews.refresh(1);
  await settle();
  renders[2].finish();
  await again;
  expect(index()).toBe('fixed');
});

it('renders a site one at a time across API servers: the second waits for the first, then renders what was saved last', async () => {
  const state = new MemoryState(Date.now);
  const [serverA, serverB] = [setup(state), setup(state)];
  serverA.save('from A');
  const onA = serverA.previews.refresh(7);
  await settle();
  expect(serverA.renders).toHaveLength(1);
  serverB.save('from B');
  const onB = serverB.previews.refresh(7);
  await new Promise((resolve) => setTimeout(resolve, 200));
  // B holds its save until A's render is done.
  expect(serverB.renders).toHaveLength(0);
  serverA.renders[0].finish();
  await onA;
  for (let waited = 0; !serverB.renders.length && waited < 2000; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(serverB.renders.map((render) => render.value)).toEqual(['from B']);
  serverB.renders[0].finish();
  await onB;
  expect(index()).toBe('from B');
});

it('removes what a render wrote when its site was deleted while it ran, and counts it no more', async () => {
  const { previews, renders, save, remove, forgotten, revisions } = setup();
  save('first');
  const first = previews.refresh(1);
  await settle();
  renders[0].finish();
  await first;

  save('during the delete');
  const running = previews.refresh(1);
  await settle();
  // SiteDeletion: the row, then the folder, while the render still runs.
  remove();
  renders[1].finish();
  await running;
  expect(fs.existsSync(path.join(dataDir, 'sites', DIR))).toBe(false);
  expect(forgotten).toEqual([path.join(dataDir, 'sites', DIR)]);
  expect(revisions()).toBe(1);
});
