import svgCaptcha from 'svg-captcha';
import type { CaptchaAnswer } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { invalid } from '../../http/envelope';
import type { Sql } from '../../db/connection';
import type { Clock } from '../../clock';
import { randomToken } from '../../security/secrets';

/** The challenge picture: 160x56, drawn in the dialog at that size. */
export const CAPTCHA_PICTURE = { width: 160, height: 56, noiseLines: 1 } as const;

/** Characters that read alike in a noisy image are left out, so a correct reading is not refused. */
const IGNORED_CHARS = '0oO1iIlLqg9';

/**
 * Graphic captchas (DESIGN.md section 8): 2 minutes to answer; any check voids the challenge; a right
 * answer turns it into a "passed" pass that ONE later SMS send or login may use within 2 minutes.
 */
export class CaptchaService {
  constructor(
    private readonly db: Sql,
    private readonly now: Clock,
  ) {}

  /** GET /api/auth/getCaptcha */
  async create(): Promise<CaptchaAnswer> {
    const captcha = svgCaptcha.create({
      size: Security.captchaLength,
      // One crossing line and large glyphs: a person reads it at a glance, a script still has to
      // read distorted, coloured glyphs (and gets one try per image).
      noise: CAPTCHA_PICTURE.noiseLines,
      color: true,
      ignoreChars: IGNORED_CHARS,
      width: CAPTCHA_PICTURE.width,
      height: CAPTCHA_PICTURE.height,
      fontSize: 60,
      background: '#f3f6fb',
    });
    const captchaId = randomToken(16);
    const at = this.now();
    await this.db
      .insertInto('captchas')
      .values({ id: captchaId, answer: captcha.text.toLowerCase(), status: 'pending', created_at: at, expires_at: at + Security.captchaLifetimeSeconds * 1000 })
      .execute();
    return { captchaId, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /**
   * POST /api/auth/verifyCaptcha: throws the 422 refusal unless the answer is right. Each step is
   * one statement, so that two servers checking the same challenge at once cannot both pass it.
   */
  async verify(captchaId: string, code: string): Promise<void> {
    const at = this.now();
    const passed = await this.db
      .updateTable('captchas')
      .set({ status: 'passed', expires_at: at + Security.captchaPassWindowSeconds * 1000 })
      .where('id', '=', captchaId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', at)
      .where('answer', '=', code.trim().toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (passed) return;
    // Right or wrong, a challenge is checked once: a guesser gets one try per image.
    const row = await this.db.deleteFrom('captchas').where('id', '=', captchaId).returning(['status', 'expires_at']).executeTakeFirst();
    const expired = !row || row.status !== 'pending' || row.expires_at <= at;
    throw invalid(expired ? Messages.captchaExpired : Messages.captchaWrong);
  }

  /** Uses up a passed captcha; false when it is unknown, unverified, expired or already used. */
  async consumePassed(captchaId: string | undefined): Promise<boolean> {
    if (!captchaId) return false;
    const row = await this.db.deleteFrom('captchas').where('id', '=', captchaId).where('status', '=', 'passed').returning('expires_at').executeTakeFirst();
    return !!row && row.expires_at > this.now();
  }

  async prune(): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<=', this.now()).execute();
  }
}
