import type { FastifyBaseLogger } from 'fastify';
import type { ConsoleOverview } from '../../../contract/consoleQueue';
import type { Clock } from '../../clock';
import type { FileStore } from '../../storage/types';

/** How long a measurement is shown: a walk of DATA_DIR or a listing of the bucket is not for every page view. */
export const STORAGE_USAGE_TTL_MS = 60_000;

type Usage = ConsoleOverview['storage'];

/**
 * The bytes the file store holds, measured at most once a minute however many operators look, and
 * one measurement at a time. A store that cannot be read answers what was last measured, or null.
 */
export class StorageUsage {
  private last: Usage | null = null;
  private measuring: Promise<Usage> | null = null;

  constructor(
    private readonly store: FileStore,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  read(): Promise<Usage> {
    const at = this.now();
    if (this.last && at - this.last.measuredAt < STORAGE_USAGE_TTL_MS && at >= this.last.measuredAt) return Promise.resolve(this.last);
    this.measuring ??= this.measure(at).finally(() => {
      this.measuring = null;
    });
    return this.measuring;
  }

  private async measure(at: number): Promise<Usage> {
    try {
      this.last = { bytes: await this.store.usedBytes(), where: this.store.kind, measuredAt: at };
      return this.last;
    } catch (error) {
      this.log.warn({ err: error }, 'storage usage could not be measured');
      return this.last ?? { bytes: null, where: this.store.kind, measuredAt: at };
    }
  }
}
