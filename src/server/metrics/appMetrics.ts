import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { KindCount, RenderFailure, RenderObserver } from '../queue/renderQueue';
import type { UserJobKind } from '../render/jobSpec';

/** How a login was made: the password, an SMS code, a QR code scanned, or 微信一键登录 in WeChat's browser. */
export type LoginMethod = 'password' | 'sms' | 'qr' | 'wechat_web';

/** How an SMS send ended: handed to the provider, refused by our own limits, or refused/failed by the provider. */
export type SmsResult = 'sent' | 'limited' | 'too_frequent' | 'bad_number' | 'unavailable' | 'error';

/** The methods a route can have: anything else (Fastify answers it 404) is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route of a request no route matched: its raw URL would be a label value per scanner probe. */
const UNMATCHED_ROUTE = '(unmatched)';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** From a logo (0.06 s) to a painted banner (minutes). */
const RENDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120, 300, 600];

/**
 * The server's metrics in a registry of its own (tests build many apps in one process; the
 * global registry would mix them). Every label takes values from a closed set or from route
 * patterns, never from a request's URL, body or identity: the output names no user, phone, token
 * or query string. Process metrics start on the first scrape: an app nobody scrapes pays nothing.
 */
export class AppMetrics implements RenderObserver {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly renderDuration: Histogram<'kind' | 'style'>;
  private readonly renderFailures: Counter<'kind' | 'reason'>;
  private readonly smsSends: Counter<'result'>;
  private readonly logins: Counter<'method'>;
  private queueCounts: (() => Promise<KindCount[]>) | null = null;
  private processMetrics = false;

  constructor(private readonly onQueueUnreadable: (error: unknown) => void = () => {}) {
    const registers = [this.registry];
    this.httpDuration = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer an HTTP request, by route pattern and status.', labelNames: ['method', 'route', 'status_code'], buckets: HTTP_BUCKETS, registers });
    this.renderDuration = new Histogram({ name: 'wpg_render_duration_seconds', help: 'Time a successful render took, by kind (tl, al, fsa, ab) and style.', labelNames: ['kind', 'style'], buckets: RENDER_BUCKETS, registers });
    this.renderFailures = new Counter({ name: 'wpg_render_failures_total', help: 'Renders that failed, by kind and reason (timeout or error).', labelNames: ['kind', 'reason'], registers });
    this.smsSends = new Counter({ name: 'wpg_sms_sends_total', help: 'SMS code sends, by result.', labelNames: ['result'], registers });
    this.logins = new Counter({ name: 'wpg_logins_total', help: 'Logins, by method.', labelNames: ['method'], registers });
    // prom-client calls collect with the gauge as `this`; the queue is read through this object.
    const collectQueue = (gauge: Gauge<'kind' | 'state'>): Promise<void> => this.collectQueue(gauge);
    new Gauge({
      name: 'wpg_render_queue_jobs',
      help: "Users' render jobs in the queue now, by kind and state (waiting or running).",
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        await collectQueue(this);
      },
    });
  }

  /** The queue's counts, read at each scrape. */
  watchQueue(counts: () => Promise<KindCount[]>): void {
    this.queueCounts = counts;
  }

  httpRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.httpDuration.observe({ method: METHODS.has(method) ? method : 'OTHER', route: route ?? UNMATCHED_ROUTE, status_code: String(status) }, seconds);
  }

  renderFinished(kind: UserJobKind, style: string, ms: number): void {
    this.renderDuration.observe({ kind, style }, ms / 1000);
  }

  renderFailed(kind: UserJobKind, reason: RenderFailure): void {
    this.renderFailures.inc({ kind, reason });
  }

  smsSent(result: SmsResult): void {
    this.smsSends.inc({ result });
  }

  loggedIn(method: LoginMethod): void {
    this.logins.inc({ method });
  }

  /** The text a scraper reads (Prometheus exposition format). */
  async exposition(): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async collectQueue(gauge: Gauge<'kind' | 'state'>): Promise<void> {
    gauge.reset();
    if (!this.queueCounts) return;
    try {
      for (const { kind, waiting, running } of await this.queueCounts()) {
        gauge.set({ kind, state: 'waiting' }, waiting);
        gauge.set({ kind, state: 'running' }, running);
      }
    } catch (error) {
      // Redis away (the distributed queue): the scrape still answers, without the queue's series.
      this.onQueueUnreadable(error);
    }
  }
}
