import type { ConsoleOverview, DayFigures, KindFigures } from '../../../contract/consoleQueue';
import type { Clock } from '../../clock';
import { chinaDate, chinaDayOf, chinaDayStart } from '../../http/chinaTime';
import { median } from '../../queue/renderDurations';
import { lineSizeOf, type RenderQueue } from '../../queue/renderQueue';
import { USER_KINDS, type OverviewRepository } from './overviewRepository';
import type { StorageUsage } from './storageUsage';

/** Days of the chart, today included. */
export const CHART_DAYS = 14;

/**
 * 概览: users, today's renders and how long each kind takes, the queue now, published sites, the
 * storage used and the last two weeks, all days in China time. Renders are counted from the jobs'
 * rows, which go a week after their result's last use (failures after two): older days of the
 * chart may count fewer renders than were made.
 */
export class ConsoleOverviewService {
  constructor(
    private readonly repo: OverviewRepository,
    private readonly queue: RenderQueue,
    private readonly storage: StorageUsage,
    private readonly now: Clock,
  ) {}

  async read(): Promise<ConsoleOverview> {
    const today = chinaDayOf(this.now());
    const todayStart = chinaDayStart(today);
    const firstDay = today - CHART_DAYS + 1;
    const [users, renders, times, newUsers, rendersByDay, publishedSites, queue, storage] = await Promise.all([
      this.repo.users(todayStart, chinaDayStart(today - 6)),
      this.repo.rendersByKind(todayStart),
      this.repo.renderTimes(),
      this.repo.newUsersByDay(chinaDayStart(firstDay)),
      this.repo.rendersByDay(firstDay, today),
      this.repo.publishedSites(),
      this.queue.activeByKind(),
      this.storage.read(),
    ]);
    const kinds: KindFigures[] = USER_KINDS.map((kind) => {
      const samples = times.get(kind);
      return { kind, renders: 0, failures: 0, ...renders.get(kind), medianMs: samples?.length ? Math.round(median(samples)) : null };
    });
    const days: DayFigures[] = [];
    for (let day = firstDay; day <= today; day += 1) {
      days.push({ day: chinaDate(day), newUsers: newUsers.get(day) ?? 0, renders: 0, failures: 0, ...rendersByDay.get(day) });
    }
    return { users, kinds, queue: lineSizeOf(queue), publishedSites, storage, days };
  }
}
