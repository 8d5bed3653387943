import http from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** Sends requests from `connections` keep-alive loops for `seconds`, on loopback only. */
export async function runLoad(options: { port: number; path: string; method?: string; body?: string; connections: number; seconds: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  const endAt = Date.now() + options.seconds * 1000;
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.request(
        { host: '127.0.0.1', port: options.port, path: options.path, method: options.method ?? 'GET', agent, headers: { 'content-type': 'application/json' } },
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
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99), failures };
}
