import net from 'node:net';

/**
 * A TCP proxy to `target` that can stop passing bytes either way without closing anything, as a
 * network that drops a server's packets does: the client's requests hang instead of failing, and
 * pass again once it is let through.
 */
export class StallingProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private stalled = false;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.pipe(to);
        if (this.stalled) from.pause();
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return (server.address() as net.AddressInfo).port;
  }

  stall(): void {
    this.stalled = true;
    for (const socket of this.sockets) socket.pause();
  }

  resume(): void {
    this.stalled = false;
    for (const socket of this.sockets) socket.resume();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
