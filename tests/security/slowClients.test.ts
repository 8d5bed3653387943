/**
 * Attack 7, "slow clients hold the server": with no request timeout a slowloris client kept a
 * socket open for ever, one header byte at a time. These tests talk to a listening server over
 * real sockets, with the limits shortened by configuration so the test ends in seconds.
 */
import net from 'node:net';
import { buildTestApp, type TestApp } from '../server/helpers';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { HTTP_HEADERS_TIMEOUT_SECONDS: '2', HTTP_REQUEST_TIMEOUT_SECONDS: '4', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});

afterAll(async () => {
  await t.close();
});

/** Opens a socket and writes `chunks` one per second until the server closes it; answers the seconds it stayed open. */
function drip(chunks: string[]): Promise<{ seconds: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      let next = 0;
      const send = (): void => {
        if (socket.destroyed || next >= chunks.length) return;
        socket.write(chunks[next]);
        next += 1;
        timer = setTimeout(send, 1000);
      };
      send();
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ seconds: (Date.now() - started) / 1000, answer });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

describe('slow clients', () => {
  it('a client sending one header byte a second is cut off once the header timeout passes', async () => {
    const request = 'GET /index/index/getSiteConfig HTTP/1.1\r\nHost: localhost\r\nX-Padding: ' + 'a'.repeat(60);
    const { seconds, answer } = await drip(request.split(''));
    // 2 s for the headers, checked every second by the server.
    expect(seconds).toBeLessThan(4.5);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('a client sending its body one byte a second is cut off once the request timeout passes', async () => {
    const body = JSON.stringify({ username: '13800138000', password: 'x'.repeat(40) });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { seconds } = await drip([head, ...body.split('')]);
    expect(seconds).toBeLessThan(6.5);
  }, 20_000);

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const { seconds, answer } = await drip(['GET /index/index/getSiteConfig HTTP/1.1\r\nHost: localhost\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(seconds).toBeLessThan(3);
  }, 20_000);

  it('a client that sends nothing at all is not kept either', async () => {
    const { seconds } = await drip([]);
    expect(seconds).toBeLessThan(4.5);
  }, 20_000);
});
