/**
 * npm run measure-renders [-- --dry-run] [-- --only=tl,al,fsa,ab]
 *
 * Measures every kind of user render, style by style, with the real renderers in a worker thread
 * exactly as the queue runs them (one at a time, as on an idle server), and writes the figures to
 * src/server/queue/renderSeeds.ts: what a fresh install expects before it has rendered anything
 * itself. A style is listed on its own only where its figure differs from its kind's by more than
 * STYLE_TOLERANCE; the others share the kind's figure. Run it again when a renderer changes speed.
 *
 * It takes a while (every banner style is a 1080p video): about 10 minutes on 2 cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS } from '../../src/contract/generation';
import { median, type KindSeed } from '../../src/server/queue/renderDurations';
import { durationStyleOf } from '../../src/server/queue/jobRules';
import { BANNER_PREVIEW_LOGO_STYLE, type UserJobKind, type UserJobSpec } from '../../src/server/render/jobSpec';
import { WorkerPool } from '../../src/server/queue/workerPool';
import { GENERATIVE_PROVIDER_ID } from '../../src/server/render/aiBanner/config';
import { BANNER_STYLES, LOGO_STYLES } from '../../src/server/render/styles';

const OUT_FILE = path.join(__dirname, '../../src/server/queue/renderSeeds.ts');
/** A style within this share of its kind's median shares the kind's figure. */
const STYLE_TOLERANCE = 0.1;
/** Timed renders per style (after one untimed render per style for the cheap kinds). */
const RUNS: Record<UserJobKind, number> = { tl: 3, al: 2, fsa: 2, ab: 5 };
/** Characters that make each run's texts new. */
const FRESH = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉';

function specsOf(kind: UserJobKind, run: number): UserJobSpec[] {
  const texts = { ...DEFAULT_LOGO_TEXTS, logotext: `山海${FRESH[run % FRESH.length]}` };
  switch (kind) {
    case 'tl':
    case 'al':
      return LOGO_STYLES.map((style) => ({ kind, logoStyle: style.id, texts }));
    case 'fsa':
      return BANNER_STYLES.map((style) => ({ kind, logoStyle: BANNER_PREVIEW_LOGO_STYLE[style.id] ?? 1, bannerStyle: style.id, texts, bannerTexts: DEFAULT_BANNER_TEXTS }));
    case 'ab':
      // Only the art drawn here can be measured here; a remote service keeps the spec's default.
      return [{ kind, logoStyle: 1 + (run % LOGO_STYLES.length), logotext: texts.logotext, prompt: `${FRESH[run]}色的群山与古城，黄昏，史诗感`, provider: GENERATIVE_PROVIDER_ID }];
  }
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes('--dry-run');
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
  const kinds = (onlyArg ? onlyArg.slice('--only='.length).split(',') : ['tl', 'al', 'fsa', 'ab']) as UserJobKind[];
  const pool = new WorkerPool({ size: 1, log: pino({ level: 'warn' }) });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-measure-'));
  const render = async (spec: UserJobSpec): Promise<number> => {
    const out = fs.mkdtempSync(path.join(tmp, 'job-'));
    const started = process.hrtime.bigint();
    await pool.run(spec, out, new AbortController().signal);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    fs.rmSync(out, { recursive: true, force: true });
    return ms;
  };
  const previous = fs.existsSync(OUT_FILE) ? fs.readFileSync(OUT_FILE, 'utf8') : '';
  const seeds: Partial<Record<UserJobKind, KindSeed>> = {};
  try {
    // The thread's first render loads canvas and the fonts: the queue's threads are warmed at start.
    await render(specsOf('tl', 99)[0]);
    for (const kind of kinds) {
      const times = new Map<string, number[]>();
      const started = Date.now();
      for (let run = RUNS[kind] > 2 ? -1 : 0; run < RUNS[kind]; run += 1) {
        for (const spec of specsOf(kind, run + 1)) {
          const ms = await render(spec);
          // Run -1 is the untimed first render of each style (its textures are made once a thread).
          if (run < 0) continue;
          const style = durationStyleOf(spec);
          times.set(style, [...(times.get(style) ?? []), ms]);
        }
      }
      // Other work on the machine only ever slows a render: the fastest run is the nearest to an idle server.
      const fastest = new Map([...times].map(([style, list]) => [style, Math.min(...list)]));
      const all = median([...fastest.values()]);
      const styles: Record<string, number> = {};
      for (const [style, ms] of fastest) if (Math.abs(ms - all) > all * STYLE_TOLERANCE) styles[style] = Math.round(ms);
      seeds[kind] = { all: kind === 'ab' ? null : Math.round(all), styles: kind === 'ab' ? { [GENERATIVE_PROVIDER_ID]: Math.round(all) } : styles };
      const detail = [...fastest].map(([style, ms]) => `${style} ${(ms / 1000).toFixed(2)}`).join(', ');
      console.info(`${kind}: median ${(all / 1000).toFixed(2)} s over ${fastest.size} styles (${((Date.now() - started) / 1000).toFixed(0)} s to measure)\n  ${detail}`);
    }
  } finally {
    await pool.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  // Kinds not measured this time keep their figures from the file.
  const kept = (kind: UserJobKind): string => {
    const match = new RegExp(`^  ${kind}: .*$`, 'm').exec(previous);
    if (!match) throw new Error(`${kind} was not measured and ${OUT_FILE} has no figure for it`);
    return match[0];
  };
  const key = (name: string): string => (/^\d+$/.test(name) ? name : `'${name}'`);
  const literal = ({ all, styles }: KindSeed): string =>
    `{ all: ${all}, styles: { ${Object.entries(styles)
      .map(([style, ms]) => `${key(style)}: ${ms}`)
      .join(', ')} } }`;
  const line = (kind: UserJobKind): string => {
    const seed = seeds[kind];
    return seed ? `  ${kind}: ${literal(seed)},` : kept(kind);
  };
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const text = `/**
 * Written by \`npm run measure-renders\` (config/scripts/measureRenderDurations.ts); do not edit by hand.
 * Render milliseconds of each kind (the median over its styles of each style's fastest run), one
 * render at a time through a warm worker thread, on ${os.cpus().length} cores (${cpu}), ${new Date().toISOString().slice(0, 10)}.
 * Styles listed apart differ from their kind by more than ${STYLE_TOLERANCE * 100} %.
 */
import type { RenderSeeds } from './renderDurations';

export const RENDER_SEEDS: RenderSeeds = {
${(['tl', 'al', 'fsa', 'ab'] as const).map(line).join('\n')}
};
`;
  if (dryRun) console.info(text);
  else fs.writeFileSync(OUT_FILE, text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
