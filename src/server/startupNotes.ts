import type { ServerConfig } from './config';

/**
 * Lines the server logs once it listens, for the person who started it: where the product is, and
 * where the things it does not really do end up (an SMS code with the local provider is only
 * logged, among one JSON line per request).
 */
export function startupNotes(config: ServerConfig): string[] {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const notes = [`网页生成系统 is running at http://${shownHost}:${config.port}/user/ (mode ${config.mode}, data in ${config.dataDir})`];
  // Where what several servers share lives, without a password: an operator sees what this server joined.
  const hostOf = (url: string): string => {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  };
  const shared: string[] = [];
  if (config.databaseUrl) shared.push(`database PostgreSQL ${hostOf(config.databaseUrl)}`);
  if (config.redisUrl) shared.push(`rate limits and locks in Redis ${hostOf(config.redisUrl)} (keys ${config.redisKeyPrefix}*)`);
  if (config.generation.queueBackend === 'bullmq') shared.push('render jobs on BullMQ in that Redis, rendered by npm run worker (none here)');
  if (config.storage.backend === 's3') shared.push(`files in bucket ${config.storage.bucket}${config.storage.prefix ? `/${config.storage.prefix}` : ''} at ${config.storage.endpoint || `AWS S3 ${config.storage.region}`}`);
  if (shared.length) notes.push(`Shared with other servers: ${shared.join('; ')}.`);
  if (config.sms.provider === 'local') {
    notes.push('SMS codes are not sent (SMS_PROVIDER=local): each one is logged as "SMS to 138****8000: 123456". Search the log for "SMS to" to find a code.');
  }
  if (config.wechat) {
    // What the operator types into WeChat's console; the AppSecret and the Token stay out of the log.
    const origin = config.publicOrigin || `http://${shownHost}:${config.port}`;
    const mode = config.wechat.encodingAesKey ? '安全模式 or 兼容模式 (or 明文模式)' : '明文模式 (set WECHAT_ENCODING_AES_KEY for 安全模式)';
    notes.push(`WeChat scan login for ${config.wechat.appId}: enter ${origin}/api/wxAuth/wechat/callback as the server URL in the WeChat console, message encryption ${mode}.`);
  }
  return notes;
}
