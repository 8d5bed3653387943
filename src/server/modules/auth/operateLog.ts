import type { OperateLogRequest } from '../../../contract/auth';
import { Limits } from '../../../contract/limits';
import type { RateLimitStore } from '../../sharedState/rateLimits/rateLimit';
import { OperateLogLimiters } from './rateLimits';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';

const SCREEN_SIZE_MAX = 32;

/** Cuts to `max` code points, so a cut never splits a character. */
function cut(value: string | undefined, max: number): string {
  const chars = [...(value ?? '')];
  return chars.length > max ? chars.slice(0, max).join('') : (value ?? '');
}

export interface VisitContext {
  userId: number | null;
  ip: string;
  screenSize: string | undefined;
}

/** POST /api/Auth/recordOperateLog: the visit log written on every navigation of the SPA. */
export class OperateLog {
  private readonly limits: OperateLogLimiters;

  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
    limits: RateLimitStore,
  ) {
    this.limits = new OperateLogLimiters(limits);
  }

  /** Returns whether the visit was stored; past the per-IP rate it is dropped without complaint. */
  async record(visit: OperateLogRequest, context: VisitContext): Promise<boolean> {
    if (!(await this.limits.perAddress.take(context.ip))) return false;
    await this.db
      .insertInto('operate_logs')
      .values({
        user_id: context.userId,
        path: cut(visit.path, Limits.operateLogPathMax),
        query: cut(visit.query, Limits.operateLogQueryMax),
        remark: cut(visit.remark, Limits.operateLogRemarkMax),
        ip: context.ip,
        screen_size: cut(context.screenSize, SCREEN_SIZE_MAX),
        created_at: this.now(),
      })
      .execute();
    return true;
  }
}
