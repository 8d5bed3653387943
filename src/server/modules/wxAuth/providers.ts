import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { SharedState } from '../../sharedState/types';
import type { QrDevices } from './devices';
import { LocalQrLoginProvider } from './localProvider';
import type { QrLoginProvider } from './qrLoginProvider';
import { WechatMpQrLoginProvider } from './wechat/provider';

export interface QrProviderInputs {
  devices: QrDevices;
  state: SharedState;
  now: Clock;
  log: FastifyBaseLogger;
}

/** The provider QR_LOGIN_PROVIDER names, with what it needs. */
export function createQrLoginProvider(config: Pick<ServerConfig, 'qrLoginProvider' | 'wechat' | 'publicOrigin'>, inputs: QrProviderInputs): QrLoginProvider {
  if (config.qrLoginProvider === 'local') return new LocalQrLoginProvider(inputs.devices);
  if (!config.wechat) throw new Error('QR_LOGIN_PROVIDER=wechat-mp without its WECHAT_* settings');
  return new WechatMpQrLoginProvider({ config: config.wechat, state: inputs.state, now: inputs.now, log: inputs.log, publicOrigin: config.publicOrigin });
}
