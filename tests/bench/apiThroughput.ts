import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** Which load generator measured it: wrk (a separate process) or the in-process fallback. */
  tool: 'wrk' | 'node';
}

export interface LoadOptions {
  port: number;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

function wrkPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** wrk prints latencies as 1.23us / 4.56ms / 1.2s. */
function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
}

/** wrk in its own process: on two cores, a load generator inside the server's process takes half the CPU it measures. */
async function runWrk(wrk: string, options: LoadOptions): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-wrk-'));
  const script = path.join(dir, 'request.lua');
  const headers = { 'content-type': 'application/json', ...options.headers };
  fs.writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(options.method ?? 'GET')}`,
      options.body ? `wrk.body = ${JSON.stringify(options.body)}` : '',
      ...Object.entries(headers).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`),
    ].join('\n'),
  );
  try {
    // Asynchronously: the server under test may be answering from this very process.
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', script, `http://127.0.0.1:${options.port}${options.path}`];
    const out = await new Promise<string>((resolve, reject) => {
      execFile(wrk, args, { encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout)));
    });
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    const failures = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
    return {
      requests,
      seconds: options.seconds,
      perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
      p50Ms: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
      p99Ms: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
      failures,
      tool: 'wrk',
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fallback when wrk is not installed: keep-alive loops in this process, on loopback only. */
async function runInProcess(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  const endAt = Date.now() + options.seconds * 1000;
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.request(
        { host: '127.0.0.1', port: options.port, path: options.path, method: options.method ?? 'GET', agent, headers: { 'content-type': 'application/json', ...options.headers } },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures += 1;
        resolve();
      });
      request.end(options.body);
    });
  const loop = async (): Promise<void> => {
    while (Date.now() < endAt) await once();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: options.connections }, loop));
  const seconds = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), failures, tool: 'node' };
}

const WARM_UP_SECONDS = 2;

/**
 * Sends requests from `connections` keep-alive connections for `seconds`, with wrk when installed,
 * after an unmeasured warm-up: the first requests pay for the JIT and for opening every
 * connection, which would otherwise put half a second into the p99 of a five-second run.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const wrk = wrkPath();
  const run = (seconds: number): Promise<LoadResult> => (wrk ? runWrk(wrk, { ...options, seconds }) : runInProcess({ ...options, seconds }));
  await run(WARM_UP_SECONDS);
  return run(options.seconds);
}

/** One row's figures: `7495 req/s, p50 9.1 ms, p99 38.2 ms, 0 failed (wrk)`. */
export function describeLoad(result: LoadResult, unit = 'req/s'): string {
  return `${result.perSecond.toFixed(0)} ${unit}, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.failures} failed (${result.tool})`;
}
