import type { FastifyInstance } from 'fastify';
import type { QrLoginService } from './service';

/**
 * Who stands behind the QR code: `local` (our own page plays the phone) or `wechat-mp` (a WeChat
 * service account, wechat/provider.ts, whose callback calls `service.confirm`).
 */
export interface QrLoginProvider {
  readonly name: string;
  /**
   * What the QR code encodes for a ticket; `origin` is PUBLIC_ORIGIN or the request's. A provider
   * that asks its messaging app for it throws a BusinessError the user can read when that fails.
   */
  scanUrl(ticket: string, origin: string): Promise<string>;
  /** Whether the login pane shows that link as well: a page of ours can be opened anywhere, by hand. */
  readonly showsScanLink: boolean;
  /** Whether the messaging app's own browser can log in without a scan (微信一键登录). */
  readonly webLogin: boolean;
  registerRoutes(app: FastifyInstance, service: QrLoginService): void;
}
