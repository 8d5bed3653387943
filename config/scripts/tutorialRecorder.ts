/**
 * What npm run record-tutorials films with: a page's frames from Chromium's screencast (CDP
 * Page.startScreencast, JPEG) sampled at a steady rate into ffmpeg (H.264, yuv420p, faststart),
 * and an overlay drawn into the page itself (captions, title cards, a ring round the next click),
 * so that it is part of the pictures. Playwright's own recordVideo needs an ffmpeg it downloads;
 * this uses the one @ffmpeg-installer ships (src/server/render/ffmpeg.ts).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { FFMPEG_PATH } from '../../src/server/render/ffmpeg';

export interface RecordingOptions {
  width: number;
  height: number;
  /** Frames per second of the video. */
  fps: number;
  /** x264's constant rate factor: higher is smaller (screen pictures stay sharp up to about 32). */
  crf: number;
}

/** While a wait is fast-forwarded, frames are kept this often, and thinned out past MAX_KEPT. */
const FAST_FORWARD_SAMPLE_MS = 250;
const MAX_KEPT = 480;

/**
 * Films one page. The screencast sends a frame only when the page changes; the recorder repeats
 * the latest one on a clock of its own, so the video runs at real speed, except inside
 * `fastForward`, which squeezes a long wait (a render) into a few seconds.
 */
export class ScreenRecorder {
  private latest: Buffer | null = null;
  private written = 0;
  private videoMs = 0;
  private lastTick = 0;
  private kept: Buffer[] | null = null;
  private keepEveryMs = FAST_FORWARD_SAMPLE_MS;
  private lastKept = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly exited: Promise<void>;
  private stderr = '';

  private constructor(
    private readonly session: CDPSession,
    private readonly encoder: ChildProcessByStdio<Writable, null, Readable>,
    private readonly options: RecordingOptions,
  ) {
    encoder.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.exited = new Promise((resolve, reject) => {
      encoder.once('error', reject);
      encoder.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (exit ${code}): ${this.stderr.trim()}`))));
    });
    this.exited.catch(() => {});
    encoder.stdin.on('error', () => {});
  }

  static async start(page: Page, outFile: string, options: RecordingOptions): Promise<ScreenRecorder> {
    const { width, height, fps, crf } = options;
    const encoder = spawn(
      FFMPEG_PATH,
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'image2pipe', '-framerate', String(fps), '-c:v', 'mjpeg', '-i', 'pipe:0',
        '-vf', `scale=${width}:${height}:flags=lanczos,format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-crf', String(crf),
        // A key frame every 4 s keeps seeking quick at little cost (most frames repeat the last).
        '-g', String(fps * 4), '-r', String(fps),
        '-movflags', '+faststart', '-an', outFile,
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    const session = await page.context().newCDPSession(page);
    const recorder = new ScreenRecorder(session, encoder, options);
    session.on('Page.screencastFrame', ({ data, sessionId }) => {
      recorder.latest = Buffer.from(data, 'base64');
      session.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    await session.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: width, maxHeight: height, everyNthFrame: 1 });
    const deadline = Date.now() + 10_000;
    while (!recorder.latest) {
      if (Date.now() > deadline) throw new Error('The screencast sent no frame.');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    recorder.lastTick = Date.now();
    recorder.timer = setInterval(() => recorder.tick(), 1000 / fps / 2);
    return recorder;
  }

  private write(frame: Buffer): void {
    this.encoder.stdin.write(frame);
    this.written += 1;
  }

  private tick(): void {
    const now = Date.now();
    const elapsed = now - this.lastTick;
    this.lastTick = now;
    if (!this.latest) return;
    if (this.kept) {
      if (now - this.lastKept >= this.keepEveryMs) {
        this.kept.push(this.latest);
        this.lastKept = now;
        if (this.kept.length > MAX_KEPT) {
          this.kept = this.kept.filter((_, i) => i % 2 === 0);
          this.keepEveryMs *= 2;
        }
      }
      return;
    }
    this.videoMs += elapsed;
    while (this.written < Math.floor((this.videoMs * this.options.fps) / 1000)) this.write(this.latest);
  }

  /** Runs `work` (a long wait) and shows it in at most `maxSeconds` of video, evenly sped up. */
  async fastForward<T>(work: () => Promise<T>, maxSeconds = 5): Promise<T> {
    this.kept = this.latest ? [this.latest] : [];
    this.keepEveryMs = FAST_FORWARD_SAMPLE_MS;
    this.lastKept = Date.now();
    const began = Date.now();
    try {
      return await work();
    } finally {
      const kept = this.kept ?? [];
      this.kept = null;
      const realMs = Date.now() - began;
      const count = Math.max(1, Math.round((Math.min(realMs, maxSeconds * 1000) * this.options.fps) / 1000));
      for (let i = 0; i < count; i++) {
        const frame = kept[Math.floor((i * kept.length) / count)] ?? this.latest;
        if (frame) this.write(frame);
      }
      this.videoMs = (this.written * 1000) / this.options.fps;
      this.lastTick = Date.now();
    }
  }

  /** Seconds of video so far. */
  get seconds(): number {
    return this.written / this.options.fps;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.session.send('Page.stopScreencast').catch(() => {});
    await this.session.detach().catch(() => {});
    this.encoder.stdin.end();
    await this.exited;
  }

  /** Stops ffmpeg without a file worth keeping (a flow that failed). */
  abort(): void {
    if (this.timer) clearInterval(this.timer);
    this.encoder.kill('SIGKILL');
  }
}

declare global {
  interface Window {
    __tutorialOverlay?: {
      caption(text: string): void;
      /** Moves the caption bar to the top while what it would cover at the bottom is being shown. */
      captionAtTop(top: boolean): void;
      title(title: string, subtitle: string): void;
      ring(box: { x: number; y: number; width: number; height: number } | null): void;
      badge(text: string): void;
    };
  }
}

/**
 * Runs in every document of the context before its own scripts (addInitScript): defines the
 * overlay and puts back the caption after a full page load, from sessionStorage. Top window only:
 * the preview iframes are part of the page being shown.
 */
function installOverlay(): void {
  if (window !== window.top) return;
  const CAPTION_KEY = 'tutorial-caption';
  const font = '"Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Microsoft YaHei", sans-serif';
  const layer = (id: string, style: Partial<CSSStyleDeclaration>): HTMLElement => {
    let element = document.getElementById(id);
    if (!element) {
      element = document.createElement('div');
      element.id = id;
      Object.assign(element.style, { position: 'fixed', zIndex: '2147483647', pointerEvents: 'none', fontFamily: font }, style);
      // Beside <body>, not in it: the SPA's React root never sees it.
      document.documentElement.appendChild(element);
    }
    return element;
  };
  const drawCaption = (text: string): void => {
    if (!text) {
      document.getElementById('tutorial-caption')?.remove();
      return;
    }
    const bar = layer('tutorial-caption', {
      left: '0', right: '0', bottom: '0', padding: '14px 32px 16px', textAlign: 'center',
      background: 'rgba(10, 14, 30, 0.82)', color: '#fff', fontSize: '30px', fontWeight: '600', lineHeight: '1.4',
      letterSpacing: '1px', textShadow: '0 2px 4px rgba(0, 0, 0, 0.6)', boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.25)',
    });
    // "第1步：…": the step in gold, the instruction in white.
    const at = text.indexOf('：');
    bar.textContent = '';
    if (at > 0 && at < 8) {
      const step = document.createElement('span');
      step.style.color = '#ffd666';
      step.textContent = text.slice(0, at + 1);
      bar.append(step, text.slice(at + 1));
    } else {
      bar.textContent = text;
    }
  };
  window.__tutorialOverlay = {
    caption(text) {
      sessionStorage.setItem(CAPTION_KEY, text);
      drawCaption(text);
    },
    captionAtTop(top) {
      const bar = document.getElementById('tutorial-caption');
      if (!bar) return;
      bar.style.top = top ? '0' : '';
      bar.style.bottom = top ? '' : '0';
    },
    title(title, subtitle) {
      if (!title) {
        document.getElementById('tutorial-title')?.remove();
        return;
      }
      const card = layer('tutorial-title', {
        inset: '0', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '20px',
        background: 'linear-gradient(135deg, rgba(22, 34, 84, 0.94), rgba(64, 22, 96, 0.94))', color: '#fff', textAlign: 'center',
      });
      card.textContent = '';
      const heading = document.createElement('div');
      Object.assign(heading.style, { fontSize: '56px', fontWeight: '700', letterSpacing: '4px' });
      heading.textContent = title;
      const line = document.createElement('div');
      Object.assign(line.style, { fontSize: '28px', color: '#d6e4ff', maxWidth: '980px', lineHeight: '1.6' });
      line.textContent = subtitle;
      card.append(heading, line);
    },
    ring(box) {
      if (!box) {
        document.getElementById('tutorial-ring')?.remove();
        return;
      }
      const pad = 6;
      Object.assign(layer('tutorial-ring', { border: '4px solid #ff4d4f', borderRadius: '10px', boxShadow: '0 0 0 6px rgba(255, 77, 79, 0.28)' }).style, {
        left: `${box.x - pad}px`, top: `${box.y - pad}px`, width: `${box.width + pad * 2}px`, height: `${box.height + pad * 2}px`,
      });
    },
    badge(text) {
      if (!text) {
        document.getElementById('tutorial-badge')?.remove();
        return;
      }
      layer('tutorial-badge', {
        top: '84px', right: '24px', padding: '8px 18px', borderRadius: '20px', background: 'rgba(250, 140, 22, 0.92)',
        color: '#fff', fontSize: '22px', fontWeight: '600',
      }).textContent = text;
    },
  };
  const restore = (): void => drawCaption(sessionStorage.getItem(CAPTION_KEY) ?? '');
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', restore);
  else restore();
}

/** The caption bar's height, with a margin: a target below this line would be under it. */
const CAPTION_CLEARANCE = 96;

/** The overlay of a page, and the gestures a tutorial makes with it. */
export class Narrator {
  constructor(
    private readonly page: Page,
    /** A pause after each caption and before each click, so that a viewer can read and follow. */
    private readonly pauseMs = 1200,
  ) {}

  static async prepare(context: BrowserContext): Promise<void> {
    // tsx compiles with esbuild's keepNames, which wraps named functions in a __name(...) helper
    // that exists in Node only: the page gets a stand-in before the function's source runs there.
    await context.addInitScript({ content: `var __name = (target) => target;\n(${installOverlay.toString()})();` });
  }

  async caption(text: string, holdMs = this.pauseMs): Promise<void> {
    await this.page.evaluate((line) => window.__tutorialOverlay?.caption(line), text);
    await this.page.waitForTimeout(holdMs);
  }

  /** Shows a title card; it stays until endTitle, so that a recording started meanwhile opens on it (its first frame is the video's picture). */
  async showTitle(title: string, subtitle: string): Promise<void> {
    await this.page.evaluate(([heading, line]) => window.__tutorialOverlay?.title(heading, line), [title, subtitle] as const);
  }

  async endTitle(holdMs = 3000): Promise<void> {
    await this.page.waitForTimeout(holdMs);
    await this.page.evaluate(() => window.__tutorialOverlay?.title('', ''));
  }

  async badge(text: string): Promise<void> {
    await this.page.evaluate((line) => window.__tutorialOverlay?.badge(line), text);
  }

  /** Scrolls `target` to the middle of the window (clear of the caption bar) and rings it. */
  async point(target: Locator, holdMs = this.pauseMs): Promise<void> {
    await target.waitFor();
    await target.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' }));
    await this.page.waitForTimeout(500);
    const box = await target.boundingBox();
    const viewport = this.page.viewportSize();
    // A button fixed at the bottom of the window (the builder's 生成并下载) cannot be scrolled clear of the caption.
    const covered = !!box && !!viewport && box.y + box.height > viewport.height - CAPTION_CLEARANCE;
    await this.page.evaluate(([rect, top]) => {
      window.__tutorialOverlay?.ring(rect);
      window.__tutorialOverlay?.captionAtTop(top);
    }, [box, covered] as const);
    await this.page.waitForTimeout(holdMs);
  }

  async unpoint(): Promise<void> {
    await this.page.evaluate(() => {
      window.__tutorialOverlay?.ring(null);
      window.__tutorialOverlay?.captionAtTop(false);
    });
  }

  async click(target: Locator, holdMs = this.pauseMs): Promise<void> {
    await this.point(target, holdMs);
    await target.click();
    await this.unpoint();
  }

  /**
   * Types `text` into a field over what it held, a phrase at a time, the way a Chinese input method
   * commits it (one input event per phrase, not per key).
   */
  async type(field: Locator, text: string): Promise<void> {
    await this.point(field, 700);
    await field.click();
    // The first phrase replaces what is selected: emptied first, the field would flash its 请输入… error.
    await field.press('ControlOrMeta+a');
    for (const phrase of text.match(/[^，。！？、\s]+[，。！？、\s]*/g) ?? [text]) {
      await this.page.waitForTimeout(450);
      await this.page.keyboard.insertText(phrase);
    }
    await this.page.waitForTimeout(600);
    await this.unpoint();
  }
}
