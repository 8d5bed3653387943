/**
 * The proxy in front of several API servers, as an operator puts one there (nginx, a load
 * balancer): one port, each request to the next server in turn, the client's address passed on in
 * X-Forwarded-For. Used by the tests and the benchmark of two servers behind one port.
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

export async function startRoundRobinProxy(backends: readonly string[]): Promise<RoundRobinProxy> {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
