import type { Clock } from '../../clock';
import type { UserRepository, UserRow } from './repository';

/** How old an account read a poll may be answered on: a stopped or logged-out account is out of polls within this. */
export const RECENT_USER_MS = 1_000;
/** Accounts kept before they are forgotten all at once (a few megabytes at most). */
const USERS_KEPT = 10_000;

/**
 * The account behind a token as read at most RECENT_USER_MS ago, for the routes that say they may
 * take it so (`config.recentUser`): the job polls, which every waiting user calls every 2 s and
 * where reading the row was a third of the answer's time. Every other route reads the row each time.
 */
export class RecentUsers {
  private readonly read = new Map<number, { row: UserRow | null; readAt: number }>();

  constructor(
    private readonly users: Pick<UserRepository, 'byId'>,
    private readonly now: Clock,
    private readonly keptMs = RECENT_USER_MS,
  ) {}

  async byId(id: number): Promise<UserRow | null> {
    const known = this.read.get(id);
    const at = this.now();
    if (known && at >= known.readAt && at - known.readAt < this.keptMs) return known.row;
    const row = await this.users.byId(id);
    if (this.read.size >= USERS_KEPT) this.read.clear();
    this.read.set(id, { row, readAt: at });
    return row;
  }
}
