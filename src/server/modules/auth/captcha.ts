import svgCaptcha from 'svg-captcha';
import type { CaptchaAnswer } from '../../../contract/auth';
import { Security } from '../../../contract/limits';
import { Messages } from '../../../contract/messages';
import { invalid } from '../../http/envelope';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { randomToken } from '../../security/secrets';

/** The challenge picture: 160x56, drawn in the dialog at that size. */
export const CAPTCHA_PICTURE = { width: 160, height: 56, noiseLines: 1 } as const;

interface CaptchaRow {
  answer: string;
  status: 'pending' | 'passed';
  expires_at: number;
}

/** Characters that read alike in a noisy image are left out, so a correct reading is not refused. */
const IGNORED_CHARS = '0oO1iIlLqg9';

/**
 * Graphic captchas (DESIGN.md section 8): 2 minutes to answer; any check voids the challenge; a right
 * answer turns it into a "passed" pass that ONE later SMS send or login may use within 2 minutes.
 */
export class CaptchaService {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly passStmt;
  private readonly pruneStmt;

  constructor(
    db: Db,
    private readonly now: Clock,
  ) {
    this.insertStmt = db.prepare<[string, string, number, number]>("INSERT INTO captchas (id, answer, status, created_at, expires_at) VALUES (?, ?, 'pending', ?, ?)");
    this.getStmt = db.prepare<[string], CaptchaRow>('SELECT answer, status, expires_at FROM captchas WHERE id = ?');
    this.deleteStmt = db.prepare<[string]>('DELETE FROM captchas WHERE id = ?');
    this.passStmt = db.prepare<[number, string]>("UPDATE captchas SET status = 'passed', expires_at = ? WHERE id = ?");
    this.pruneStmt = db.prepare<[number]>('DELETE FROM captchas WHERE expires_at <= ?');
  }

  /** GET /api/auth/getCaptcha */
  create(): CaptchaAnswer {
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
    this.insertStmt.run(captchaId, captcha.text.toLowerCase(), at, at + Security.captchaLifetimeSeconds * 1000);
    return { captchaId, img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** POST /api/auth/verifyCaptcha: throws the 422 refusal unless the answer is right. */
  verify(captchaId: string, code: string): void {
    const row = this.getStmt.get(captchaId);
    const expired = !row || row.status !== 'pending' || row.expires_at <= this.now();
    // Right or wrong, a challenge is checked once: a guesser gets one try per image.
    if (expired || row.answer !== code.trim().toLowerCase()) {
      this.deleteStmt.run(captchaId);
      throw invalid(expired ? Messages.captchaExpired : Messages.captchaWrong);
    }
    this.passStmt.run(this.now() + Security.captchaPassWindowSeconds * 1000, captchaId);
  }

  /** Uses up a passed captcha; false when it is unknown, unverified, expired or already used. */
  consumePassed(captchaId: string | undefined): boolean {
    if (!captchaId) return false;
    const row = this.getStmt.get(captchaId);
    if (!row || row.status !== 'passed') return false;
    this.deleteStmt.run(captchaId);
    return row.expires_at > this.now();
  }

  prune(): void {
    this.pruneStmt.run(this.now());
  }
}
