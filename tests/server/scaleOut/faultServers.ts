/**
 * Servers of a test's own that it may stop and start again, beside the shared test servers (which
 * other tests use and nobody restarts): a Redis and a PostgreSQL run from the same binaries on free
 * loopback ports in a temporary folder, and a proxy in front of the shared s3rver that can be
 * switched to answer 503 as S3 does when it is unavailable. Each is stopped by its own process id.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const required = (): boolean => !!process.env.WPG_REQUIRE_TEST_SERVERS;

/** The newest PostgreSQL's bin folder from Debian's packages, or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')));
  versions.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : null;
}

function redisBin(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Whether the fault tests run: their binaries are here, or CI requires them (and a missing one fails them). */
export const privateRedisAvailable = (): boolean => !!redisBin() || required();
export const privatePostgresAvailable = (): boolean => !!postgresBin() || required();

/** A free loopback port (asked of the kernel, then released for the server to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once something accepts connections on `port`; rejects after `ms`. */
async function listening(port: number, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`${what} did not start on port ${port}`);
    await pause(50);
  }
}

export interface RestartableServer {
  url: string;
  /** Stops it as its operator would (a clean shutdown), by its process id. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it if it runs and deletes its folder. */
  dispose(): Promise<void>;
}

/**
 * A Redis as production runs it: with its append-only file (appendonly yes, fsync every second), so
 * that a restart keeps the queue. Without persistence a restart would empty BullMQ and the line.
 */
export async function startPrivateRedis(): Promise<RestartableServer> {
  const bin = redisBin();
  if (!bin) throw new Error('redis-server is not installed: apt-get install -y redis-server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-fault-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    if (child) return;
    const started = spawn(bin, ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    await listening(port, 10_000, 'redis-server');
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // SIGTERM: Redis writes its append-only file out and exits, as a service manager's stop does.
    if (running.pid) process.kill(running.pid, 'SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    dispose: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a PostgreSQL command; as root, as the `postgres` user (PostgreSQL refuses to run as root). */
function asPostgres(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'ignore' });
}

/** The postmaster's process id, from its pid file (its first line). */
function postmasterPid(data: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A PostgreSQL of the test's own (initdb into a temporary folder, like config/scripts/testServers.sh). */
export async function startPrivatePostgres(): Promise<RestartableServer> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wpg-fault-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) {
    fs.mkdirSync(data, { mode: 0o700 });
    execFileSync('chown', ['-R', 'postgres', dir]);
    // mkdtemp made the folder private to root; PostgreSQL runs as its own user.
    fs.chmodSync(dir, 0o755);
  }
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  let pid: number | null = null;
  const start = async (): Promise<void> => {
    if (pid !== null) return;
    // The tests' data is thrown away: no durability, as on the shared test server.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${data} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
    pid = postmasterPid(data);
    await listening(port, 10_000, 'PostgreSQL');
  };
  const stop = async (): Promise<void> => {
    const running = pid;
    pid = null;
    if (running === null || !alive(running)) return;
    // SIGINT is PostgreSQL's fast shutdown: sessions are ended, as a service manager's restart does.
    process.kill(running, 'SIGINT');
    while (alive(running)) await pause(50);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** S3's answer when it cannot serve: the status and body an S3 outage sends. */
const UNAVAILABLE_BODY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>ServiceUnavailable</Code><Message>Service is unable to handle request.</Message><RequestId>FAULTTEST</RequestId></Error>';

export interface BucketProxy {
  endpoint: string;
  /** While true, every request is answered 503 ServiceUnavailable. */
  unavailable: boolean;
  /** Requests answered 503 so far. */
  refused: number;
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of the bucket at `target`, which a test can make unavailable. */
export async function startBucketProxy(target: string): Promise<BucketProxy> {
  const upstream = new URL(target);
  const proxy: BucketProxy = { endpoint: '', unavailable: false, refused: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    if (proxy.unavailable) {
      proxy.refused += 1;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml', 'retry-after': '1' });
      response.end(request.method === 'HEAD' ? undefined : UNAVAILABLE_BODY);
      return;
    }
    // The Host header is passed as the client signed it.
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.once('error', () => response.destroy());
    request.pipe(forwarded);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the bucket proxy has no port');
  proxy.endpoint = `http://127.0.0.1:${address.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
