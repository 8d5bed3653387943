import type { OperateLogRequest } from '../../../contract/auth';
import { Limits, Security } from '../../../contract/limits';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { RateScope, type RateLimiter } from '../../security/rateLimiter';

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
  private readonly insertStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
    private readonly limiter: RateLimiter,
  ) {
    this.insertStmt = db.prepare<[number | null, string, string, string, string, string, number]>(
      'INSERT INTO operate_logs (user_id, path, query, remark, ip, screen_size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** Returns whether the visit was stored; past the per-IP rate it is dropped without complaint. */
  record(visit: OperateLogRequest, context: VisitContext): boolean {
    if (this.limiter.count(RateScope.operateLogIp, context.ip, 60) >= Security.operateLogPerIpPerMinute) return false;
    this.limiter.hit(RateScope.operateLogIp, context.ip);
    this.insertStmt.run(
      context.userId,
      cut(visit.path, Limits.operateLogPathMax),
      cut(visit.query, Limits.operateLogQueryMax),
      cut(visit.remark, Limits.operateLogRemarkMax),
      context.ip,
      cut(context.screenSize, SCREEN_SIZE_MAX),
      this.now(),
    );
    return true;
  }
}
