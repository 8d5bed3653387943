import { ConsoleQueueLimits, ConsoleQueueMessages, type ConsoleJobList, type ConsoleJobStatus } from '../../../contract/consoleQueue';
import type { Clock } from '../../clock';
import { invalid } from '../../http/envelope';
import type { RenderQueue } from '../../queue/renderQueue';
import type { UserRow } from '../auth/repository';
import type { OperatorLog } from '../operators/operatorLog';
import type { ConsoleJobsRepository } from './jobsRepository';

const target = (id: string) => `job:${id}`;
/** A row's status as the console's lists name it. */
const LIST_OF = { queued: 'waiting', running: 'running', failed: 'failed', done: 'done', expired: 'expired' } as const;

/**
 * 任务队列: the jobs waiting, rendering and failed, on either queue; an operator cancels one (its
 * user's next poll says so) or queues a failed one again. Each action is logged once it took effect:
 * the queue's change is its own statement (and, on BullMQ, Redis's), not one transaction with the log.
 */
export class JobsConsole {
  constructor(
    private readonly jobs: ConsoleJobsRepository,
    private readonly queue: RenderQueue,
    private readonly log: OperatorLog,
    private readonly now: Clock,
  ) {}

  async list(status: ConsoleJobStatus, page: number): Promise<ConsoleJobList> {
    return { ...(await this.jobs.page(status, page, ConsoleQueueLimits.pageSize)), now: this.now() };
  }

  async cancel(operator: UserRow, id: string): Promise<void> {
    const before = await this.jobs.status(id);
    if (!before) throw invalid(ConsoleQueueMessages.jobNotFound);
    // Ended meanwhile (or before): nothing to cancel, and nothing logged.
    if (!(await this.queue.cancel(id, ConsoleQueueMessages.jobCancelled))) throw invalid(ConsoleQueueMessages.notCancellable);
    await this.log.record(
      { id: operator.id, name: operator.name },
      { action: 'queue.cancel', target: target(id), before: { status: LIST_OF[before.status], kind: before.kind, userId: before.userId }, after: { status: 'failed', error: ConsoleQueueMessages.jobCancelled } },
    );
  }

  async retry(operator: UserRow, id: string): Promise<void> {
    const before = await this.jobs.status(id);
    if (!before) throw invalid(ConsoleQueueMessages.jobNotFound);
    const outcome = await this.queue.retry(id);
    if (outcome === 'notFailed') throw invalid(ConsoleQueueMessages.notRetryable);
    if (outcome === 'stopping') throw invalid(ConsoleQueueMessages.stillStopping);
    await this.log.record(
      { id: operator.id, name: operator.name },
      { action: 'queue.retry', target: target(id), before: { status: 'failed', kind: before.kind, userId: before.userId, error: before.error }, after: { status: 'waiting' } },
    );
  }
}
