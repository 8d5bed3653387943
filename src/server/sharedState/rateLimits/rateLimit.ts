/**
 * Every rate limit of the server, whatever it counts (requests to a route, logins that failed, SMS
 * codes sent, renders asked for, upload bytes), is a RateLimit: events per key over a sliding
 * window, kept by one store per backend. Which store holds which limit is said in SECURITY.md
 * ("Where the limits live").
 */

export interface RateWindow {
  /** The most a key's events may add up to in the window. */
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * What an event is, when it is not one more of its kind: a named member counts once however often
 * it happens in the window (an address failing again for the same phone), an amount weighs it
 * (an upload's bytes).
 */
export type RateEvent = { member: string } | { amount: number };

export interface RateLimit extends RateWindow {
  /** Counts one event for `key` unless the window already holds the limit: whether it counted. */
  take(key: string): Promise<boolean>;
  /** Counts an event that happened whatever the window holds (a failure, bytes received). */
  hit(key: string, event?: RateEvent): Promise<void>;
  /** What `key`'s events in the window add up to, counting nothing. */
  count(key: string): Promise<number>;
  /** Forgets `key`'s events. */
  reset(key: string): Promise<void>;
}

export interface RateLimitStore {
  /** The limit named `name` (unique per limit: 'generation:createPerUser'), the same however often asked. */
  limit(name: string, window: RateWindow): RateLimit;
  /** Forgets events past every window (memory's maps, the database's rows; Redis expires keys itself). */
  prune(): Promise<void>;
}

/** The weight of an event: 1, its amount, or 1 for a named member. */
export const amountOf = (event: RateEvent | undefined): number => (event && 'amount' in event ? Math.max(0, Math.round(event.amount)) : 1);
