import { startLoopbackServer, type FakeRequest, type FakeResponse, type LoopbackServer } from './loopbackServer';

/**
 * What both SMS gateways' fakes do alike: listen on loopback, keep what they received, hang on
 * demand and answer the next send with a forced error code. Each answers its own protocol in `handle`.
 */
export abstract class SmsGatewayFake<Received> {
  readonly received: Received[] = [];
  /** The last request as it arrived, to replay or tamper with in the fake's own tests. */
  lastRequest: FakeRequest | null = null;
  /** Error codes the next well-formed, well-signed sends are answered with, in order. */
  protected readonly forced: string[] = [];
  private server: LoopbackServer | null = null;

  protected constructor(private readonly gateway: string) {}

  /** http://127.0.0.1:<port>, for the provider's *_SMS_ENDPOINT. */
  get endpoint(): string {
    if (!this.server) throw new Error(`The ${this.gateway} fake is not started`);
    return this.server.origin;
  }

  /** Reads requests and never answers them, until set back to false. */
  set hang(value: boolean) {
    if (this.server) this.server.hang = value;
  }

  /** The next well-formed, well-signed SendSms is answered with this code instead of sending. */
  failNext(code: string): void {
    this.forced.push(code);
  }

  async start(): Promise<this> {
    this.server = await startLoopbackServer((request) => this.handle(request));
    return this;
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  protected abstract handle(request: FakeRequest): FakeResponse;
}
