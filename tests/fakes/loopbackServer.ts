import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as a provider's gateway sees it: the raw body, so that signatures can be checked over its exact bytes. */
export interface FakeRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** While true, requests are read and never answered (a provider that hangs). */
  hang: boolean;
  close: () => Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 at a free port, answering JSON from `handle`. Used by the fakes of
 * outside providers; `close` also cuts connections left hanging.
 */
export async function startLoopbackServer(handle: (request: FakeRequest) => FakeResponse): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const state = { hang: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (state.hang) return;
      const answer = handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get hang() {
      return state.hang;
    },
    set hang(value: boolean) {
      state.hang = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends `request` again to `origin` byte for byte (headers, Host included): a replay, or a tampered copy. */
export function replay(origin: string, request: FakeRequest): Promise<{ status: number; body: unknown }> {
  const target = new URL(origin);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([, value]) => value !== undefined));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...headers, 'content-length': String(request.body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
