import type { Sql } from '../db/connection';
import type { UserJobKind } from '../render/jobSpec';
import { workKeyOf } from './jobRules';

/**
 * What a fresh install expects of each kind before it has rendered anything: medians measured with
 * the real renderers (`npm run measure-renders` writes renderSeeds.ts), not the spec's fallbacks
 * (180 s for a logo that takes 0.2 s).
 */
export interface KindSeed {
  /**
   * Median milliseconds of a render of this kind on the measuring machine; null where it cannot
   * be measured there (a remote image service): then the spec's default stands in.
   */
  all: number | null;
  /** The styles whose median differs from `all` by more than the script's tolerance. */
  styles: Readonly<Record<string, number>>;
}

export type RenderSeeds = Readonly<Record<UserJobKind, KindSeed>>;

/** Measurements kept per kind and style: recent enough to follow a change of machine or renderer. */
export const DURATION_HISTORY = 20;
/**
 * A style with fewer measurements than this is topped up with its prior: one render (say the
 * first in a thread, which loads the fonts) must not move the estimate; two that agree do.
 */
export const MIN_SAMPLES = 3;

export interface DurationSample {
  kind: UserJobKind;
  style: string;
  finishedAt: number;
  renderMs: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** render_durations: the newest DURATION_HISTORY render times of each kind and style. */
export class DurationRepository {
  constructor(private readonly db: Sql) {}

  async all(): Promise<DurationSample[]> {
    const rows = await this.db.selectFrom('render_durations').select(['kind', 'style', 'finished_at', 'render_ms']).orderBy('finished_at').execute();
    return rows.map((row) => ({ kind: row.kind as UserJobKind, style: row.style, finishedAt: row.finished_at, renderMs: row.render_ms }));
  }

  /** Adds a render time and drops those of the style older than its newest DURATION_HISTORY. */
  async add(sample: DurationSample): Promise<void> {
    const { kind, style, finishedAt, renderMs } = sample;
    await this.db.insertInto('render_durations').values({ kind, style, finished_at: finishedAt, render_ms: Math.round(renderMs) }).execute();
    // NULL (nothing to drop) while the style has no more than DURATION_HISTORY times.
    const oldestKept = this.db
      .selectFrom('render_durations')
      .select('finished_at')
      .where('kind', '=', kind)
      .where('style', '=', style)
      .orderBy('finished_at', 'desc')
      .limit(1)
      .offset(DURATION_HISTORY - 1);
    await this.db.deleteFrom('render_durations').where('kind', '=', kind).where('style', '=', style).where('finished_at', '<', oldestKept).execute();
  }
}

/**
 * Expected render times per kind and style. A style's estimate is the median of its recent renders;
 * until it has MIN_SAMPLES, its prior fills the gap: the seed measured for it (or its kind), times
 * how this machine compares with the measuring one (the median ratio of this kind's renders here to
 * their seeds), so that a server twice as slow expects twice as long of styles it has not rendered
 * yet. Everything is kept in memory: estimates are read on every create and never touch the table.
 */
export class RenderDurations {
  /** Newest last, at most DURATION_HISTORY per style. */
  private readonly samples = new Map<UserJobKind, Map<string, number[]>>();
  private readonly factors = new Map<UserJobKind, number>();
  private readonly estimates = new Map<string, number>();

  constructor(
    private readonly seeds: RenderSeeds,
    /** Seconds for a kind the seeds cannot say (spec section 9's defaults). */
    private readonly fallbackSeconds: Readonly<Record<UserJobKind, number>>,
    private readonly store: DurationRepository | null = null,
  ) {}

  /**
   * Takes in the times the store kept, in place of what it had: at start, before any estimate is
   * read, and now and then on an API server of the distributed queue, whose workers record the
   * renders. Keeps what it had when the store cannot be read.
   */
  async restore(): Promise<void> {
    const samples = (await this.store?.all()) ?? [];
    this.samples.clear();
    this.factors.clear();
    this.estimates.clear();
    for (const sample of samples) this.remember(sample);
  }

  /** A finished render: one of its style's recent measurements at once, persisted when the promise settles. */
  async record(sample: DurationSample): Promise<void> {
    if (!(sample.renderMs >= 0)) return;
    this.remember(sample);
    await this.store?.add(sample);
  }

  /** Expected milliseconds of one render of `kind` in `style`. */
  estimateMs(kind: UserJobKind, style: string): number {
    const key = workKeyOf(kind, style);
    let estimate = this.estimates.get(key);
    if (estimate === undefined) {
      const own = this.samples.get(kind)?.get(style) ?? [];
      const topUp = Math.max(0, MIN_SAMPLES - own.length);
      estimate = topUp ? median([...own, ...Array<number>(topUp).fill(this.priorMs(kind, style))]) : median(own);
      this.estimates.set(key, estimate);
    }
    return estimate;
  }

  private remember(sample: DurationSample): void {
    let styles = this.samples.get(sample.kind);
    if (!styles) {
      styles = new Map();
      this.samples.set(sample.kind, styles);
    }
    const list = styles.get(sample.style) ?? [];
    list.push(sample.renderMs);
    if (list.length > DURATION_HISTORY) list.splice(0, list.length - DURATION_HISTORY);
    styles.set(sample.style, list);
    // Every style of the kind may lean on the machine's factor: all of the kind's estimates go.
    this.factors.delete(sample.kind);
    for (const key of this.estimates.keys()) if (key.startsWith(workKeyOf(sample.kind, ''))) this.estimates.delete(key);
  }

  private seedMs(kind: UserJobKind, style: string): number | null {
    const seed = this.seeds[kind];
    return seed.styles[style] ?? seed.all;
  }

  private priorMs(kind: UserJobKind, style: string): number {
    // A banner that paints its key art first (durationStyleOf: `<banner style>+<painter>`): its
    // video's prior and the painter's, until such banners have times of their own.
    const painted = kind === 'fsa' ? /^(\d+)\+(.+)$/.exec(style) : null;
    if (painted) return this.priorMs('fsa', painted[1]) + this.priorMs('ab', painted[2]);
    const seed = this.seedMs(kind, style);
    return seed === null ? this.fallbackSeconds[kind] * 1000 : seed * this.machineFactor(kind);
  }

  /** How much slower (above 1) or faster this server renders the kind than the measuring machine. */
  private machineFactor(kind: UserJobKind): number {
    let factor = this.factors.get(kind);
    if (factor === undefined) {
      const ratios: number[] = [];
      for (const [style, times] of this.samples.get(kind) ?? []) {
        const seed = this.seedMs(kind, style);
        if (seed) for (const ms of times) ratios.push(ms / seed);
      }
      // Topped up with "as measured" like a style's samples: one odd render changes nothing.
      const topUp = Math.max(0, MIN_SAMPLES - ratios.length);
      factor = median([...ratios, ...Array<number>(topUp).fill(1)]);
      this.factors.set(kind, factor);
    }
    return factor;
  }
}
