import { waitAtMost } from '../../waitAtMost';

/** What GET /readyz checks, named as its answer names them. */
export const DEPENDENCIES = ['database', 'sharedState', 'storage', 'renderQueue'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

export interface DependencyCheck {
  name: Dependency;
  /** Which one it is on this install (sqlite, redis, s3, bullmq...): said in the answer. */
  backend: string;
  /** Resolves when it answers; rejects (or takes too long) when it does not. */
  ping: () => Promise<void>;
}

export interface Readiness {
  /** Each dependency's backend, e.g. { database: 'sqlite', sharedState: 'memory', ... }. */
  checked: Record<Dependency, string>;
  /** What did not answer in time, in DEPENDENCIES order; empty when ready. */
  unreachable: Dependency[];
  /** Why each unreachable one failed: for the log, never for the answer (it would tell hosts and ports to anyone). */
  reasons: Partial<Record<Dependency, string>>;
}

const TIMED_OUT = Symbol('timed out');

/** Pings every dependency at once, each within `timeoutMs`: a probe answers within that whatever hangs. */
export async function checkReadiness(checks: readonly DependencyCheck[], timeoutMs: number): Promise<Readiness> {
  const outcomes = await Promise.all(
    checks.map(async ({ name, ping }) => {
      try {
        const answered = await waitAtMost(ping(), timeoutMs, TIMED_OUT);
        return answered === TIMED_OUT ? { name, reason: `no answer within ${timeoutMs} ms` } : { name, reason: null };
      } catch (error) {
        return { name, reason: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const checked = Object.fromEntries(checks.map(({ name, backend }) => [name, backend])) as Record<Dependency, string>;
  const reasons: Partial<Record<Dependency, string>> = {};
  for (const { name, reason } of outcomes) if (reason !== null) reasons[name] = reason;
  return { checked, unreachable: DEPENDENCIES.filter((name) => name in reasons), reasons };
}
