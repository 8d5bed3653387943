/**
 * The builder's banner-art providers (DESIGN.md section 7), for the render worker thread: this
 * loads canvas. The API's thread names the provider with config.ts's bannerArtDescriptorFromEnv.
 */
import { RenderUserFacingError } from '../jobSpec';
import { GENERATIVE_PROVIDER_ID, bannerArtDescriptor, readBannerArtConfig } from './config';
import { dashscopeProvider } from './dashscope';
import { generativeProvider } from './generative';
import { httpProvider } from './http';
import type { BannerArtProvider } from './types';

export { BANNER_ART_SIZE, BANNER_JPEG_QUALITY, type BannerArtProvider, type BannerArtRequest } from './types';
export { bannerArtDescriptorFromEnv, type BannerArtDescriptor } from './config';
export { toBannerJpeg } from './image';

type Env = Record<string, string | undefined>;

/** The provider the environment configures (BANNER_ART_* and DASHSCOPE_* variables, see config.ts). */
export function bannerArtProviderFromEnv(env: Env): BannerArtProvider {
  const config = readBannerArtConfig(env);
  if (config.provider === 'dashscope') return dashscopeProvider(config);
  return config.provider === 'generative' ? generativeProvider() : httpProvider(config);
}

/**
 * The provider a job was queued for. The generative painter is always at hand; a service must be
 * the one configured now, else the picture would not be the one the job's identity promises.
 */
export function bannerArtProviderFor(id: string, env: Env): BannerArtProvider {
  // Any version of the painter: a job queued before an upgrade gets today's painting, not a failure.
  if (id.split('@')[0] === GENERATIVE_PROVIDER_ID.split('@')[0]) return generativeProvider();
  const configured = bannerArtDescriptor(readBannerArtConfig(env));
  if (configured.id !== id) throw new RenderUserFacingError('banner生成服务的设置已更改，请重新生成banner');
  return bannerArtProviderFromEnv(env);
}
