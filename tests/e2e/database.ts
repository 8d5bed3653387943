import Database from 'better-sqlite3';
import path from 'node:path';
import { readEnvironment } from './environment';

/**
 * Reads what a person would read elsewhere (the captcha picture, the SMS on their phone) from the
 * server's database: the local SMS provider keeps an outbox in test mode.
 */
function withDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(readEnvironment().dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The answer of captcha `captchaId` (e2e files run side by side: the latest one may be another page's). */
export function captchaAnswer(captchaId: string): string {
  const row = withDatabase((db) => db.prepare("SELECT answer FROM captchas WHERE id = ? AND status = 'pending'").get(captchaId) as { answer: string } | undefined);
  if (!row) throw new Error(`No pending captcha ${captchaId} in the database.`);
  return row.answer;
}

export function latestSmsCode(phone: string): string {
  const row = withDatabase((db) => db.prepare('SELECT code FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1').get(phone) as { code: string } | undefined);
  if (!row) throw new Error(`No SMS was sent to ${phone}.`);
  return row.code;
}

/** Polls until `read` stops throwing (the server writes asynchronously to the browser's view). */
export async function eventually<T>(read: () => T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
