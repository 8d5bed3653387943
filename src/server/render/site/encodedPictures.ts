/**
 * WebP sizes already encoded, by the source's content and the width: the builder renders a
 * site's preview again after every edit, mostly with the same pictures (its own defaults, the
 * user's uploads, the logo), and encoding is most of a site render's time. Kept in the memory
 * of the thread that renders sites, least recently used first out, within a byte budget.
 */
import crypto from 'node:crypto';

/** Some 200 pictures' sizes of a builder site; the thread's memory stays flat past it. */
const BUDGET_BYTES = 64 * 1024 * 1024;

export class EncodedPictures {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budget = BUDGET_BYTES) {}

  /** What names a source: its bytes' hash (a file's path or time would not say it is the same picture). */
  static digest(source: Buffer): string {
    return crypto.createHash('sha256').update(source).digest('hex');
  }

  get(digest: string, width: number): Buffer | undefined {
    const key = `${digest}:${width}`;
    const found = this.entries.get(key);
    if (found) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(digest: string, width: number, encoded: Buffer): void {
    const key = `${digest}:${width}`;
    if (encoded.length > this.budget) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    this.entries.set(key, encoded);
    this.bytes += encoded.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
