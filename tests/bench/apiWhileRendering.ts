/**
 * `BENCH_ONLY=busy npm run bench`: the API's answers while renders run (DESIGN.md section 10: the
 * API stays quick however busy the renderers are). A server with the real renderers in their
 * worker threads renders two full-size banners; meanwhile wrk (or the in-process fallback) loads
 * the logo style list and a job poll with 100 connections. The same loads on the idle server come
 * first, for comparison. Figures only: nothing here passes or fails.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_BANNER_TEXTS, DEFAULT_LOGO_TEXTS, type LogoCreateAnswer, type LogoPollingAnswer } from '../../src/contract/generation';
import { describeLoad, runLoad, type LoadOptions } from './apiThroughput';
import { startServer } from './generationLatency';

type Row = [label: string, measured: string, budget: string];

const BUDGET = 'p99 <= 50 ms while two banners render (100 connections)';

/** A load, with how long the server's event loop was held meanwhile (the server runs in this process). */
async function loadWithDelay(options: LoadOptions): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const result = await runLoad(options);
  delay.disable();
  return `${describeLoad(result)}; event loop held p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`;
}

export async function benchApiWhileRendering(seconds: number): Promise<Row[]> {
  const server = await startServer();
  const rows: Row[] = [];
  try {
    const { api, port, token } = server;
    const headers = { authorization: `Bearer ${token}` };
    const poll = await api.post<LogoCreateAnswer>('/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logotext: '测速', logobg: 3, module: 'tl', isFirst: false });
    const targets: Array<[string, Omit<LoadOptions, 'port' | 'connections' | 'seconds'>]> = [
      ['logo styles (POST /index/common/logo)', { path: '/index/common/logo', method: 'POST', body: '{"per_page":12,"page":1}' }],
      ['job poll (POST /index/common/logoPolling)', { path: '/index/common/logoPolling', method: 'POST', body: JSON.stringify({ uniqueId: poll.uniqueId }), headers }],
    ];
    for (const [label, target] of targets) rows.push([`${label}, idle`, await loadWithDelay({ port, connections: 100, seconds, ...target }), BUDGET]);

    const banners = [2, 5].map((banner, n) =>
      api.post<LogoCreateAnswer>('/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, ...DEFAULT_BANNER_TEXTS, logotext: `压测${n}`, logobg: 3, banner, module: 'fsa', isFirst: false }),
    );
    const created = await Promise.all(banners);
    for (const [label, target] of targets) rows.push([`${label}, 2 banners rendering`, await loadWithDelay({ port, connections: 100, seconds, ...target }), BUDGET]);
    // The banners were still rendering throughout: both are polled to their end before the server stops.
    for (const job of created) {
      for (;;) {
        const answer = await api.post<LogoPollingAnswer>('/index/common/logoPolling', { uniqueId: job.uniqueId });
        if (answer.isCreate || answer.expired) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}
