/**
 * `npm run proxy -- <port> <server URL>...`: a proxy in front of several API servers, as an
 * operator puts one there (nginx, a load balancer): one port, each request to the next server in
 * turn, the client's address passed on in X-Forwarded-For (start the servers with TRUST_PROXY=1).
 * For trying several servers on one machine (README "Scale out"); the tests and the benchmark of
 * two servers behind one port use it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** http://127.0.0.1:port */
  url: string;
  /** Requests each backend was handed, in the order of `backends`. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: readonly string[], port = 0, host = '127.0.0.1'): Promise<RoundRobinProxy> {
  const targets = backends.map((backend) => new URL(backend));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const served = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index] += 1;
    const target = targets[index];
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': forwardedFor }, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

if (require.main === module) {
  const [port, ...backends] = process.argv.slice(2);
  if (!/^\d+$/.test(port ?? '') || !backends.length || backends.some((backend) => !/^https?:\/\/[^/]+\/?$/.test(backend))) {
    console.error('usage: npm run proxy -- <port> <server URL> [<server URL>...]   e.g. npm run proxy -- 8080 http://127.0.0.1:8081 http://127.0.0.1:8082');
    process.exit(1);
  }
  startRoundRobinProxy(backends, Number(port), '0.0.0.0').then(
    () => console.info(`Proxy on port ${port}: each request to the next of ${backends.join(', ')}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
