/**
 * The signatures and the AES scheme of WeChat's message pushes (公众号消息加解密). The URL check and
 * plaintext pushes carry `signature` = sha1 of the sorted token, timestamp and nonce; compatible
 * and safe mode add `msg_signature`, which also covers the ciphertext. The ciphertext is
 * AES-256-CBC, key = base64(EncodingAESKey + '='), IV = the key's first 16 bytes, PKCS#7 padded to
 * 32 bytes, over random(16) + length(4, big-endian) + message + AppID.
 */
import crypto from 'node:crypto';
import { safeEqual } from '../../../security/secrets';

const BLOCK = 32;

export function sha1OfSorted(parts: readonly string[]): string {
  return crypto.createHash('sha1').update([...parts].sort().join('')).digest('hex');
}

/** Whether `signature` is WeChat's for these values (constant time). */
export function signatureMatches(signature: string, parts: readonly string[]): boolean {
  return safeEqual(sha1OfSorted(parts), signature.toLowerCase());
}

export class WechatCryptoError extends Error {
  override name = 'WechatCryptoError';
}

export class MessageCipher {
  private readonly key: Buffer;

  constructor(
    encodingAesKey: string,
    private readonly appId: string,
  ) {
    this.key = Buffer.from(`${encodingAesKey}=`, 'base64');
    if (this.key.length !== 32) throw new WechatCryptoError('The EncodingAESKey does not decode to 32 bytes');
  }

  encrypt(message: string, random: Buffer = crypto.randomBytes(16)): string {
    const body = Buffer.from(message, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length, 0);
    const plain = Buffer.concat([random, length, body, Buffer.from(this.appId, 'utf8')]);
    const pad = BLOCK - (plain.length % BLOCK);
    const cipher = crypto.createCipheriv('aes-256-cbc', this.key, this.key.subarray(0, 16));
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
  }

  /** The message inside `encrypted`; throws when it is not ours (bad padding, length or AppID). */
  decrypt(encrypted: string): string {
    let plain: Buffer;
    try {
      const decipher = crypto.createDecipheriv('aes-256-cbc', this.key, this.key.subarray(0, 16));
      decipher.setAutoPadding(false);
      plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    } catch {
      throw new WechatCryptoError('The ciphertext does not decrypt');
    }
    const pad = plain.length ? plain[plain.length - 1] : 0;
    if (pad < 1 || pad > BLOCK || pad > plain.length) throw new WechatCryptoError('Bad padding');
    const content = plain.subarray(0, plain.length - pad);
    if (content.length < 20) throw new WechatCryptoError('Too short');
    const length = content.readUInt32BE(16);
    if (20 + length > content.length) throw new WechatCryptoError('Bad length');
    const appId = content.subarray(20 + length).toString('utf8');
    // Another account's message, encrypted with a key that happens to work, is not ours.
    if (!safeEqual(appId, this.appId)) throw new WechatCryptoError('Another AppID');
    return content.subarray(20, 20 + length).toString('utf8');
  }
}
